#pragma once
#include <QRegularExpression>
#include <QSortFilterProxyModel>

namespace strata::widgets {

// Sorting and filtering of the Operator Table. A row passes when the pattern matches its
// name, one of its engines or one of its slice categories; "name:", "engine:" and "cat:"
// (or "category:") in front of the pattern restrict it to that field. Plain text matches as
// a case-insensitive substring; in regex mode as a case-insensitive regular expression.
// Filtering is recursive: a parent stays while any descendant passes, and the children of a
// passing row all stay (autoAcceptChildRows), so "conv" shows whole conv layers.
class OperatorFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    enum class Field { Any, Name, Engine, Category };

    explicit OperatorFilterProxy(QObject* parent = nullptr);

    void setPattern(const QString& text, bool regex);
    QString pattern() const { return m_text; }
    bool isRegex() const { return m_regex; }
    bool isValid() const { return m_valid; } // false: an invalid regex (then every row passes)
    QString errorText() const { return m_error; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    bool matches(const QString& text) const;

    QString m_text;
    bool m_regex = false;
    bool m_valid = true;
    QString m_error;
    Field m_field = Field::Any;
    QString m_needle;
    QRegularExpression m_re;
};

} // namespace strata::widgets
