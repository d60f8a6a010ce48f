#include "collectivekind.h"

#include <cctype>

namespace strata::analysis {

namespace {

bool containsNoCase(std::string_view text, std::string_view word)
{
    for (size_t i = 0; i + word.size() <= text.size(); ++i) {
        size_t k = 0;
        while (k < word.size()
            && std::tolower(static_cast<unsigned char>(text[i + k]))
                == std::tolower(static_cast<unsigned char>(word[k])))
            ++k;
        if (k == word.size())
            return true;
    }
    return false;
}

} // namespace

std::string CollectiveKind::of(std::string_view kernel)
{
    // Longer kinds first: ReduceScatter is not Reduce, SendRecv is not Send.
    static constexpr std::string_view kKinds[] = { "ReduceScatter", "AllReduce", "AllGather", "AllToAll", "Broadcast",
        "SendRecv", "Reduce", "Gather", "Scatter", "Send", "Recv" };
    const size_t paren = kernel.find('(');
    const std::string_view head = paren != std::string_view::npos && paren > 0 ? kernel.substr(0, paren) : kernel;
    // "all_reduce", "all reduce" and "allreduce" alike.
    std::string plain;
    plain.reserve(head.size());
    for (char c : head) {
        if (c != '_' && c != ':' && c != ' ')
            plain += c;
    }
    for (std::string_view kind : kKinds) {
        if (containsNoCase(plain, kind))
            return std::string(kind);
    }
    return std::string(head);
}

} // namespace strata::analysis
