#pragma once

class QApplication;

namespace strata::app {

// What main() does: the command line (--help and --version need no display), application
// identity, the window, and either an interactive session or a --screenshot run. Returns
// the process exit code.
class Launcher {
public:
    static int run(int& argc, char** argv);
    static void setUpApplication(QApplication& app);
};

} // namespace strata::app
