#include <window/launcher.h>

int main(int argc, char** argv)
{
    return strata::app::Launcher::run(argc, argv);
}
