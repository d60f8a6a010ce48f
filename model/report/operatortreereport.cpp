#include "operatortreereport.h"

#include "csv.h"
#include "operatortablereport.h"

#include <analysis/operators/operatorlevel.h>

#include <vector>

namespace strata::report {

OperatorTreeReport::OperatorTreeReport(const analysis::OperatorTree& tree, const std::optional<store::TimeRange>& range)
    : m_tree(tree)
    , m_range(range)
{
}

std::string OperatorTreeReport::csv() const
{
    std::string text = "depth,path," + OperatorTableReport::csvHeader() + "\n";
    std::vector<int> stack(m_tree.roots.rbegin(), m_tree.roots.rend());
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        const analysis::OperatorTreeNode& node = m_tree.nodes[size_t(n)];
        const std::string parent = node.parent >= 0 ? m_tree.pathText(node.parent) : std::string();
        text += std::to_string(node.depth) + "," + Csv::field(parent) + ","
            + OperatorTableReport::csvLine(OperatorTableReport::rowJson(node.row)) + "\n";
        stack.insert(stack.end(), node.children.rbegin(), node.children.rend());
    }
    return text;
}

std::string OperatorTreeReport::json() const
{
    Json out = OperatorTableReport::header(m_tree.table, m_range);
    Json levels = Json::array();
    for (analysis::OperatorLevel l : m_tree.levels)
        levels.push_back(analysis::operatorLevelName(l));
    out["levels"] = levels;
    // Children nest under "children", built bottom-up so every node is complete once.
    std::vector<Json> made(m_tree.nodes.size());
    for (size_t i = m_tree.nodes.size(); i-- > 0;) {
        const analysis::OperatorTreeNode& node = m_tree.nodes[i];
        Json j = OperatorTableReport::rowJson(node.row);
        if (size_t(node.depth) + 1 < m_tree.levels.size()) {
            Json kids = Json::array();
            for (int c : node.children)
                kids.push_back(std::move(made[size_t(c)]));
            j["children"] = std::move(kids);
        }
        made[i] = std::move(j);
    }
    Json rows = Json::array();
    for (int r : m_tree.roots)
        rows.push_back(std::move(made[size_t(r)]));
    out["rows"] = rows;
    return out.dump(2) + "\n";
}

} // namespace strata::report
