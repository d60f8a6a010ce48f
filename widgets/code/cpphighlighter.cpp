#include "cpphighlighter.h"

namespace strata::widgets {

CppHighlighter::CppHighlighter(QTextDocument* document)
    : RuleHighlighter(document)
{
    const QString keywords = QStringLiteral(
        "alignas alignof auto break case catch class const constexpr consteval const_cast continue decltype default "
        "delete do dynamic_cast else enum explicit export extern false for friend goto if inline mutable namespace new "
        "noexcept nullptr operator private protected public register reinterpret_cast return sizeof static "
        "static_assert static_cast struct switch template this throw true try typedef typeid typename union using "
        "virtual volatile while __global__ __device__ __host__ __shared__ __restrict__");
    addWords(keywords.split(QLatin1Char(' ')), Role::Keyword);
    const QString types = QStringLiteral(
        "void bool char short int long float double signed unsigned size_t int8_t int16_t int32_t int64_t uint8_t "
        "uint16_t uint32_t uint64_t wchar_t std string vector");
    addWords(types.split(QLatin1Char(' ')), Role::Builtin);
    addRule(
        QStringLiteral("\\b(?:0[xX][0-9a-fA-F']+|\\d[\\d']*(?:\\.\\d*)?(?:[eE][+-]?\\d+)?)[uUlLfF]*\\b"), Role::Number);
    addRule(QStringLiteral("^\\s*#\\s*\\w+"), Role::Preprocessor);
    addRule(QStringLiteral("^\\s*#\\s*include\\s*(<[^>]*>)"), Role::String, 1);
    setSyntax(QStringLiteral("//"), QStringLiteral("/*"), QStringLiteral("*/"), false);
}

} // namespace strata::widgets
