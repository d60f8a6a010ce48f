#include "clicommandregistry.h"

#include <algorithm>

namespace strata::app {

namespace {
std::vector<CliCommand>& commands()
{
    static std::vector<CliCommand> list; // function-local: safe from static init order
    return list;
}
} // namespace

bool CliCommandRegistry::add(const CliCommand& command)
{
    auto& list = commands();
    list.push_back(command);
    std::sort(list.begin(), list.end(),
        [](const CliCommand& a, const CliCommand& b) { return std::string(a.name) < b.name; });
    return true;
}

const std::vector<CliCommand>& CliCommandRegistry::all()
{
    return commands();
}

const CliCommand* CliCommandRegistry::find(const std::string& name)
{
    for (const CliCommand& c : commands())
        if (name == c.name)
            return &c;
    return nullptr;
}

} // namespace strata::app
