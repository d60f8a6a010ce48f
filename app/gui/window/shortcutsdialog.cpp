#include "shortcutsdialog.h"

#include <timeline/keyhelp.h>

#include <QDialogButtonBox>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace strata::app {

namespace {

struct Key {
    const char* keys;
    const char* action;
};

const Key kWindow[] = {
    { "Ctrl+O", "Open a profile" },
    { "Ctrl+W", "Close the profile" },
    { "Ctrl+= / Ctrl+-", "Zoom in / out" },
    { "Ctrl+0", "Reset zoom" },
    { "/ or Ctrl+F", "Search (Enter / Shift+Enter: next / previous match, Esc: clear)" },
    { "Ctrl+Q", "Quit" },
    { "F1", "This list" },
};

QString table(const QString& title, const std::vector<std::pair<QString, QString>>& rows)
{
    QString html = QStringLiteral("<h3 style=\"margin-bottom:4px\">%1</h3><table cellspacing=\"0\" cellpadding=\"4\">")
                       .arg(title.toHtmlEscaped());
    for (const auto& [keys, action] : rows) {
        html += QStringLiteral("<tr><td style=\"padding-right:24px\"><b>%1</b></td><td>%2</td></tr>")
                    .arg(keys.toHtmlEscaped(), action.toHtmlEscaped());
    }
    return html + QStringLiteral("</table>");
}

} // namespace

ShortcutsDialog::ShortcutsDialog(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    auto* text = new QLabel(this);
    text->setTextFormat(Qt::RichText);
    std::vector<std::pair<QString, QString>> window;
    for (const Key& k : kWindow)
        window.emplace_back(QString::fromUtf8(k.keys), tr(k.action));
    // The timeline's own list, so this page and its `?` overlay never disagree.
    text->setText(table(tr("Timeline (click it first)"), widgets::KeyHelp::entries()) + table(tr("Window"), window));
    text->setContentsMargins(12, 4, 12, 12);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(text);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* col = new QVBoxLayout(this);
    col->addWidget(scroll, 1);
    col->addWidget(buttons);
    resize(520, 600);
}

} // namespace strata::app
