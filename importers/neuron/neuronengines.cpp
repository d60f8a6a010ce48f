#include "neuronengines.h"

#include "asciitext.h"

#include <cctype>

namespace strata::importers {

namespace {

enum Engine { Tensor, TensorMatrix, Vector, Scalar, GpSimd, Sync, Collective, Dma, Other };

Engine engineOf(std::string_view row)
{
    if (NeuronEngines::isDmaQueue(row))
        return Dma;
    const std::string l = AsciiText::lower(row);
    auto starts = [&l](std::string_view prefix) { return AsciiText::startsWith(l, prefix); };
    if (starts("cc-") || starts("cc_") || l == "cc")
        return Collective;
    if (starts("tensormatrix"))
        return TensorMatrix;
    if (starts("tensor") || l == "pe")
        return Tensor;
    if (starts("vector") || l == "dve")
        return Vector;
    if (starts("scalar") || l == "act" || starts("activation"))
        return Scalar;
    if (starts("gpsimd") || l == "pool")
        return GpSimd;
    if (starts("sync") || l == "sp")
        return Sync;
    return Other;
}

} // namespace

std::string NeuronEngines::rowForEngine(std::string_view engine)
{
    switch (engineOf(engine)) {
    case Tensor: return "Tensor";
    case Vector: return "Vector";
    case Scalar: return "Scalar";
    case GpSimd: return "GpSimd";
    case Sync: return "Sync";
    default: return std::string(engine);
    }
}

int NeuronEngines::rank(std::string_view row)
{
    switch (engineOf(row)) {
    case Tensor: return 10;
    case TensorMatrix: return 11;
    case Vector: return 20;
    case Scalar: return 30;
    case GpSimd: return 40;
    case Sync: return 50;
    case Collective: return 60;
    case Other: return 80;
    case Dma: return 100;
    }
    return 80;
}

std::string NeuronEngines::category(std::string_view row)
{
    switch (engineOf(row)) {
    case Tensor:
    case TensorMatrix: return "tensor";
    case Vector: return "vector";
    case Scalar: return "scalar";
    case GpSimd: return "gpsimd";
    case Sync: return "sync";
    case Collective: return "collective";
    case Dma: return "dma";
    case Other: break;
    }
    return std::string();
}

bool NeuronEngines::isDmaQueue(std::string_view row)
{
    if (row.size() > 1 && row[0] == 'q' && std::isupper(static_cast<unsigned char>(row[1])))
        return true;
    return AsciiText::lower(row).find("dma") != std::string::npos;
}

bool NeuronEngines::rowLess(std::string_view a, std::string_view b)
{
    const int ra = rank(a), rb = rank(b);
    if (ra != rb)
        return ra < rb;
    size_t i = 0, j = 0;
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    while (i < a.size() && j < b.size()) {
        if (digit(a[i]) && digit(b[j])) {
            size_t ie = i, je = j;
            while (ie < a.size() && digit(a[ie]))
                ++ie;
            while (je < b.size() && digit(b[je]))
                ++je;
            // Without leading zeros the longer run is the larger number.
            std::string_view na = a.substr(i, ie - i), nb = b.substr(j, je - j);
            while (na.size() > 1 && na[0] == '0')
                na.remove_prefix(1);
            while (nb.size() > 1 && nb[0] == '0')
                nb.remove_prefix(1);
            if (na.size() != nb.size())
                return na.size() < nb.size();
            if (na != nb)
                return na < nb;
            i = ie;
            j = je;
        } else {
            if (a[i] != b[j])
                return a[i] < b[j];
            ++i;
            ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

} // namespace strata::importers
