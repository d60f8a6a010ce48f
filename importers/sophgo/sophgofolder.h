#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace strata::importers::sophgo {

// A bmprofile_data-N/ (or bmprofile_dataN/) folder: the unit a Sophgo profile is opened as
// (opening any file of it reads the whole folder). Uses std::filesystem only.
class SophgoFolder {
public:
    static SophgoFolder scan(const std::string& dir);

    // The folder a path means: itself when it is a directory, else the file's folder.
    static std::string folderOf(const std::string& path);
    // "bmprofile_data", then anything ("-0", "0", ...).
    static bool isProfileFolderName(const std::string& name);
    static bool isIterationFile(const std::string& name, uint32_t* n = nullptr); // iter<N>.profile
    static bool isBmlibFile(const std::string& name); // bmlib*.profile
    // The file a loader should open for a folder, so that the importer's probe sees one:
    // global.profile, else the first iter*.profile, else the first bmlib*.profile; empty if none.
    static std::string entryFile(const std::string& dir);

    std::string dir;
    bool hasGlobal = false;
    std::map<uint32_t, std::string> iterations; // N → file name
    std::vector<std::string> bmlibs; // file names, sorted
    uint64_t totalBytes = 0; // of the files above and global.profile
    std::string path(const std::string& name) const { return dir + "/" + name; }
};

} // namespace strata::importers::sophgo
