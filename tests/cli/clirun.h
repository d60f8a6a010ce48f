#pragma once
// Runs the built strata-cli as a user would and keeps what it printed.
#include <QByteArray>
#include <QProcess>
#include <QStringList>
#include <support/sourcedir.h>

namespace strata::test {
// The built strata-cli's path, compiled into clipath.cpp alone: the test programs' own
// objects then name no path of the build, and ccache reuses them in any clone.
const char* cliPath();
} // namespace strata::test

namespace {

struct Run {
    int exitCode = -1;
    QProcess::ExitStatus status = QProcess::CrashExit; // CrashExit also when it never started
    QByteArray out, err;
};

inline Run runCli(const QStringList& args)
{
    QProcess p;
    p.start(QString::fromUtf8(strata::test::cliPath()), args);
    Run r;
    if (!p.waitForStarted(-1))
        return r;
    p.closeWriteChannel();
    p.waitForFinished(-1);
    r.exitCode = p.exitCode();
    r.status = p.exitStatus();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

inline QString samplePath()
{
    return strata::test::sourcePath("/resources/samples/sample_profile.json");
}

} // namespace
