#pragma once
#include <QString>
#include <QWidget>

#include <cstdint>
#include <vector>

namespace strata::widgets {

// A memory space's usage by kind (Sophgo's example: "14.07MB for Coeff, 15.20MB for
// Runtime, and 6.23MB for Tensor") as one stacked bar with its legend beside it.
class MemoryUsageBar : public QWidget {
    Q_OBJECT
public:
    struct Part {
        QString category;
        uint64_t bytes = 0;
    };
    explicit MemoryUsageBar(QWidget* parent = nullptr);
    void setParts(std::vector<Part> parts); // largest first is not required: shown in the given order
    const std::vector<Part>& parts() const { return m_parts; }
    QString legendText() const; // "Coeff 14.07 MB · Runtime 15.20 MB · Tensor 6.23 MB"
    static QColor colorOf(const QString& category);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* e) override;

private:
    std::vector<Part> m_parts;
};

} // namespace strata::widgets
