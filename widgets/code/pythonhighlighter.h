#pragma once
#include "rulehighlighter.h"

namespace strata::widgets {

// Python: keywords, builtins, numbers, decorators, the names after def / class, strings
// (also triple-quoted across lines, with r/b/f prefixes) and # comments.
class PythonHighlighter : public RuleHighlighter {
    Q_OBJECT
public:
    explicit PythonHighlighter(QTextDocument* document);
};

} // namespace strata::widgets
