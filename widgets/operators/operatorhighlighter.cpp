#include "operatorhighlighter.h"

#include <analysis/operators/operatorrows.h>
#include <state/selection.h>

namespace strata::widgets {

OperatorHighlighter::OperatorHighlighter(QObject* context, model::Selection* selection)
    : m_context(context)
    , m_selection(selection)
{
}

void OperatorHighlighter::highlight(Request request)
{
    using Rows = std::shared_ptr<const std::vector<store::SliceRow>>;
    const QString label = request.label;
    m_job.run(
        m_context,
        [r = std::move(request)](const std::atomic<bool>& cancel) -> Rows {
            return std::make_shared<const std::vector<store::SliceRow>>(analysis::OperatorRows::collect(
                *r.store, *r.catalog, { r.level }, { r.key }, r.window, r.scope, &cancel));
        },
        [this, label](const Rows& rows) {
            if (rows)
                m_selection->setHighlighted(rows, label);
        });
}

} // namespace strata::widgets
