// make_bmprofile DIR [--bmlib]: writes a Sophgo bmprofile_data folder (bmprofilewriter.h)
// to DIR — the showcase network by default — to open in strata by hand or for screenshots.
#include <support/bmprofilewriter.h>

#include <QCoreApplication>
#include <QStringList>

#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    if (args.isEmpty() || args.first().startsWith('-')) {
        std::fprintf(stderr,
            "usage: make_bmprofile DIR [--bmlib]\n"
            "writes DIR/global.profile and DIR/iter0.profile (and DIR/bmlib0.profile)\n");
        return 2;
    }
    const bmprofile::Spec spec = bmprofile::showcase();
    bmprofile::writeFolder(args.first(), spec);
    if (args.contains("--bmlib"))
        bmprofile::writeBytes(args.first() + "/bmlib0.profile", bmprofile::bmlibProfile(spec.beginUsec, false));
    std::printf("%s\n", qPrintable(args.first()));
    return 0;
}
