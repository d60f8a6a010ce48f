#pragma once
// A temporary folder the importer tests write generated traces into, so that a trace is
// opened by its path, as a user opens it (the file name matters to some importers' probes).
#include <support/testfiles.h>

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>

namespace testfiles {

class TempFolder {
public:
    bool isValid() const { return m_dir.isValid(); }
    // The file `name` of the folder, now holding `bytes`.
    QString write(const QString& name, const QByteArray& bytes)
    {
        QString path = m_dir.filePath(name);
        writeFile(path, bytes);
        return path;
    }
    // A new file "t<n><suffix>", holding `bytes`.
    QString writeNew(const QByteArray& bytes, const QString& suffix)
    {
        return write(QStringLiteral("t%1%2").arg(++m_files).arg(suffix), bytes);
    }

private:
    QTemporaryDir m_dir;
    int m_files = 0;
};

} // namespace testfiles
