#pragma once
// Where the source tree is, for the tests and tools that read tests/data, resources/ and the
// corpus in ../shared. A run-time value: only sourcedir.cpp names the clone's path, so the
// objects of the test programs are the same in every clone and ccache reuses them (CI
// builds a fresh clone at a new path each time, three times over).
#include <QString>

#include <string>

namespace strata::test {

// The source tree's root, without a trailing slash.
const char* sourceDir();

// sourceDir() followed by `relative` ("/tests/data/x.json"; empty for the root itself).
inline QString sourcePath(const char* relative = "")
{
    return QString::fromUtf8(sourceDir()) + QString::fromUtf8(relative);
}

inline std::string sourcePathUtf8(const char* relative = "")
{
    return std::string(sourceDir()) + relative;
}

} // namespace strata::test
