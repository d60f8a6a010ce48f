// strata-iconpng SIZE OUT.png: writes the application icon at SIZE × SIZE pixels. Run at
// build time to make the package's hicolor PNGs from the same shapes the window icon is
// painted from, so the PNGs never drift from the SVG and no binary is kept in the tree.
#include <window/appicon.h>

#include <QImage>
#include <QString>

#include <cstdio>

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s SIZE OUT.png\n", argv[0]);
        return 2;
    }
    bool ok = false;
    const int size = QString::fromLocal8Bit(argv[1]).toInt(&ok);
    if (!ok || size < 16 || size > 1024) {
        std::fprintf(stderr, "strata-iconpng: SIZE must be 16 to 1024, not '%s'\n", argv[1]);
        return 2;
    }
    if (!strata::app::AppIcon::image(size).save(QString::fromLocal8Bit(argv[2]), "PNG")) {
        std::fprintf(stderr, "strata-iconpng: cannot write %s\n", argv[2]);
        return 1;
    }
    return 0;
}
