// strata-cli: the profile store and importers from the command line, no GUI libraries.
#include "cliload.h"
#include "cliparser.h"

#include <malloc.h>

int main(int argc, char** argv)
{
    // A fixed threshold keeps glibc from raising it after the first large free, so the
    // import's big temporary buffers go back to the system instead of lingering in the heap.
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    const int status = strata::app::CliParser::run(argc, argv);
    strata::app::writePendingSnapshots();
    return status;
}
