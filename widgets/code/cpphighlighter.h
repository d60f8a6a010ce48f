#pragma once
#include "rulehighlighter.h"

namespace strata::widgets {

// C, C++ and CUDA: keywords, common types, numbers, preprocessor lines, strings and char
// literals, // comments and /* */ comments across lines.
class CppHighlighter : public RuleHighlighter {
    Q_OBJECT
public:
    explicit CppHighlighter(QTextDocument* document);
};

} // namespace strata::widgets
