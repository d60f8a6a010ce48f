#include "cliformatter.h"

namespace strata::app {

CliFormatter::CliFormatter()
{
    label("SUBCOMMAND", "COMMAND");
    column_width(34);
}

std::string CliFormatter::synopsis(const CLI::App& command)
{
    std::string out = "strata-cli " + command.get_name();
    for (const CLI::Option* o : command.get_options([](const CLI::Option* o) { return o->get_positional(); }))
        out.append(" ").append(o->get_name(true)).append(o->get_items_expected_max() > 1 ? "..." : "");
    for (const CLI::Option* o : command.get_options([](const CLI::Option* o) { return o->nonpositional(); })) {
        const std::string name
            = o->get_lnames().empty() ? "-" + o->get_snames().front() : "--" + o->get_lnames().front();
        if (o == command.get_help_ptr() || name == "--no-cache")
            continue;
        // A required option is named by its short form when it has one (-o OUT.strata).
        std::string word = o->get_required() && !o->get_snames().empty() ? "-" + o->get_snames().front() : name;
        if (!o->get_type_name().empty()) // flags have none
            word.append(" ").append(o->get_type_name());
        if (!o->get_required())
            word.insert(0, "[").append("]");
        if (o->get_multi_option_policy() == CLI::MultiOptionPolicy::TakeAll)
            word += "...";
        out.append(" ").append(word);
    }
    return out;
}

std::string CliFormatter::make_usage(const CLI::App* app, std::string name) const
{
    if (app->get_parent() == nullptr)
        return "usage: " + name + " COMMAND FILE [options]\n";
    return "usage: " + synopsis(*app) + "\n";
}

} // namespace strata::app
