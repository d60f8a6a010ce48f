// make_comparepair A.json B.json: writes the compare pair of comparepairwriter.h — B is A with
// aten::mm's kernels 1.5x as long, aten::dropout removed, aten::gelu added and two more
// steps — to open in strata by hand or to run `strata-cli diff A.json B.json` on.
#include <support/comparepairwriter.h>

#include <cstdio>

int main(int argc, char** argv)
{
    if (argc != 3 || argv[1][0] == '-') {
        std::fprintf(stderr, "usage: make_comparepair A.json B.json\n");
        return 2;
    }
    if (!comparepair::writePair(comparepair::Spec(), argv[1], argv[2])) {
        std::fprintf(stderr, "make_comparepair: cannot write %s or %s\n", argv[1], argv[2]);
        return 1;
    }
    std::printf("%s\n%s\n", argv[1], argv[2]);
    return 0;
}
