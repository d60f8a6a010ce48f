namespace strata::test {

// STRATA_CLI_PATH is defined for this file alone (tests/cli/CMakeLists.txt); clirun.h declares it.
const char* cliPath()
{
    return STRATA_CLI_PATH;
}

} // namespace strata::test
