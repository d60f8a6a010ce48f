#include "sourcedir.h"

namespace strata::test {

// STRATA_SOURCE_DIR is defined for this file alone (tests/CMakeLists.txt).
const char* sourceDir()
{
    return STRATA_SOURCE_DIR;
}

} // namespace strata::test
