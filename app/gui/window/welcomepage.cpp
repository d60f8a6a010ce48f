#include "welcomepage.h"

#include "appicon.h"
#include "recentfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace strata::app {

namespace {

QLabel* muted(const QString& text, QWidget* parent)
{
    auto* l = new QLabel(text, parent);
    l->setForegroundRole(QPalette::PlaceholderText);
    l->setWordWrap(true);
    return l;
}

} // namespace

WelcomePage::WelcomePage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("welcomePage"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);

    auto* card = new QWidget(this);
    card->setMaximumWidth(600);
    m_card = card;

    auto* icon = new QLabel(card);
    icon->setPixmap(AppIcon::pixmap(72, devicePixelRatioF()));
    auto* title = new QLabel(tr("Strata"), card);
    QFont tf = title->font();
    tf.setPointSizeF(tf.pointSizeF() * 2.2);
    tf.setBold(true);
    title->setFont(tf);
    auto* tagline = muted(tr("Profile viewer for AI accelerators — NPUs, TPUs and GPUs"), card);
    QFont gf = tagline->font();
    gf.setPointSizeF(gf.pointSizeF() * 1.1);
    tagline->setFont(gf);
    auto* heading = new QVBoxLayout;
    heading->setSpacing(2);
    heading->addStretch();
    heading->addWidget(title);
    heading->addWidget(tagline);
    heading->addStretch();
    auto* top = new QHBoxLayout;
    top->setSpacing(16);
    top->addWidget(icon);
    top->addLayout(heading, 1);

    auto* intro = new QLabel(
        tr("Open a profile, or drop one anywhere on this window:"
           "<ul style=\"margin-top:4px; margin-left:-20px\">"
           "<li><b>Chrome / Kineto trace JSON</b> — PyTorch profiler (CUDA and "
           "accelerator runs), Rebellions RBLN, Furiosa (<b>.json</b>, <b>.json.gz</b>, <b>.json.zst</b>)</li>"
           "<li><b>Perfetto traces</b> (<b>.pftrace</b>, <b>.perfetto-trace</b>, <b>.pb</b>)</li>"
           "<li><b>AWS Neuron</b> profiles: device, system, op-table and timeline JSON</li>"
           "<li><b>Sophgo</b> TPU profiles: a <b>bmprofile_data-N</b> folder — use <i>Open Folder…</i></li>"
           "<li><b>Distributed jobs</b>: a folder of per-rank traces (or several files) opens as one "
           "profile, every rank on one timeline</li>"
           "</ul>"),
        card);
    intro->setWordWrap(true);

    m_sample = new QPushButton(tr("Open Sample Profile"), card);
    m_sample->setObjectName(QStringLiteral("openSampleButton"));
    m_sample->setDefault(true);
    m_sample->setToolTip(tr("A small accelerator run bundled with Strata"));
    m_open = new QPushButton(tr("Open…"), card);
    m_open->setObjectName(QStringLiteral("openFileButton"));
    m_open->setToolTip(tr("Open a profile file (Ctrl+O)"));
    m_openFolder = new QPushButton(tr("Open Folder…"), card);
    m_openFolder->setObjectName(QStringLiteral("openFolderButton"));
    m_openFolder->setToolTip(
        tr("Open a folder of per-rank traces as one job, or a profile written as a folder, such as a Sophgo "
           "bmprofile_data-0 (Ctrl+Shift+O)"));
    for (QPushButton* b : { m_sample, m_open, m_openFolder })
        b->setMinimumHeight(b->sizeHint().height() + 8);
    auto* buttons = new QHBoxLayout;
    buttons->setSpacing(10);
    buttons->addWidget(m_sample);
    buttons->addWidget(m_open);
    buttons->addWidget(m_openFolder);
    buttons->addStretch();
    connect(m_sample, &QPushButton::clicked, this, &WelcomePage::openSampleRequested);
    connect(m_open, &QPushButton::clicked, this, &WelcomePage::openFileRequested);
    connect(m_openFolder, &QPushButton::clicked, this, &WelcomePage::openFolderRequested);

    m_recentTitle = new QLabel(tr("Recent"), card);
    QFont rf = m_recentTitle->font();
    rf.setBold(true);
    m_recentTitle->setFont(rf);
    m_recent = new QLabel(card);
    m_recent->setObjectName(QStringLiteral("recentFiles"));
    m_recent->setTextFormat(Qt::RichText);
    m_recent->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_recent->setWordWrap(true);
    connect(m_recent, &QLabel::linkActivated, this, [this](const QString& link) {
        bool ok = false;
        const int i = link.toInt(&ok);
        if (ok && i >= 0 && i < m_files.size())
            emit openRecentRequested(m_files[i]);
    });

    auto* hint = muted(tr("Press F1 for keyboard shortcuts."), card);

    auto* col = new QVBoxLayout(card);
    col->setSpacing(14);
    col->addLayout(top);
    col->addSpacing(6);
    col->addWidget(intro);
    col->addLayout(buttons);
    col->addSpacing(12);
    col->addWidget(m_recentTitle);
    col->addWidget(m_recent);
    col->addSpacing(12);
    col->addWidget(hint);

    auto* row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(card, 4);
    row->addStretch(1);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(32, 32, 32, 32);
    outer->addStretch(2);
    outer->addLayout(row);
    outer->addStretch(3);

    setRecentFiles({});
}

void WelcomePage::setRecentFiles(const QStringList& files)
{
    m_files = files;
    m_recent->setForegroundRole(files.isEmpty() ? QPalette::PlaceholderText : QPalette::WindowText);
    if (files.isEmpty()) {
        m_recent->setText(tr("Files you open appear here."));
        return;
    }
    const QString dim = palette().color(QPalette::PlaceholderText).name();
    QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\">");
    for (int i = 0; i < files.size(); ++i) {
        const QFileInfo fi(RecentFiles::isFolder(files[i]) ? files[i].chopped(1) : files[i]);
        QString dir = QDir::toNativeSeparators(fi.path());
        const QString home = QDir::homePath();
        if (dir.startsWith(home))
            dir = QStringLiteral("~") + dir.mid(home.size());
        html += QStringLiteral(
            "<tr><td><a href=\"%1\">%2</a></td><td style=\"color:%3; padding-left:12px\">%4</td></tr>")
                    .arg(i)
                    .arg(RecentFiles::displayName(files[i]).toHtmlEscaped(), dim, dir.toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    m_recent->setText(html);
}

void WelcomePage::setBusy(bool busy)
{
    // Kept in the layout (retainSizeWhenHidden) so the page does not jump when it returns.
    QSizePolicy sp = m_card->sizePolicy();
    sp.setRetainSizeWhenHidden(true);
    m_card->setSizePolicy(sp);
    m_card->setVisible(!busy);
}

void WelcomePage::setSampleAvailable(bool available)
{
    m_sample->setEnabled(available);
    m_sample->setToolTip(available ? tr("A small accelerator run bundled with Strata")
                                   : tr("The sample profile is not installed (set STRATA_SAMPLE to its path)"));
}

} // namespace strata::app
