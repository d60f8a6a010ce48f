#pragma once
// A temporary folder whose generated traces are opened through ProfileLoader::load by their
// path, as a user opens them.
#include "tempfolder.h"

#include <profileloader.h>

#include <string>

namespace testfiles {

class TraceFolder : public TempFolder {
public:
    // The file `name` of the folder, now holding `bytes`, loaded.
    strata::importers::LoadResult load(
        const QString& name, const QByteArray& bytes, const strata::importers::ImportContext& ctx = {})
    {
        return strata::importers::ProfileLoader::load(write(name, bytes).toStdString(), ctx);
    }
    // A new file "t<n><suffix>" holding `bytes`, loaded.
    strata::importers::LoadResult loadNew(const std::string& bytes, const QString& suffix)
    {
        const QByteArray data(bytes.data(), qsizetype(bytes.size()));
        return strata::importers::ProfileLoader::load(writeNew(data, suffix).toStdString());
    }
};

} // namespace testfiles
