#pragma once
#include <QFont>
#include <QPalette>
#include <QRect>
#include <QString>

#include <utility>
#include <vector>

class QPainter;

namespace strata::widgets {

// The `?` overlay: every key and mouse gesture of the timeline.
class KeyHelp {
public:
    static const std::vector<std::pair<QString, QString>>& entries();
    static void paint(QPainter& p, const QRect& area, const QPalette& pal, const QFont& font);
};

} // namespace strata::widgets
