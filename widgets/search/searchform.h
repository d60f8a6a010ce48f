#pragma once
#include <analysis/search/searchquery.h>

#include <QWidget>

class QCheckBox;
class QLineEdit;
class QPlainTextEdit;
class QToolButton;

namespace strata::widgets {

// The fields of the Search dock, combined with AND into a analysis::SearchQuery: name
// (substring, or regex with ".*"; "Aa" for case), category, track, arg conditions (one
// "key op value" a line, SearchQuery::parseArgCondition), duration min/max and a time range
// (times with units, analysis::TimeText), or the visible window only.
// Keys: Enter / Shift+Enter in a line field ask for the next / previous match; Ctrl+Enter
// does it from the arg lines (where Enter starts a new line); Esc asks to clear.
class SearchForm : public QWidget {
    Q_OBJECT
public:
    explicit SearchForm(QWidget* parent = nullptr);

    // The query; the range fields are times after traceStart. False with *error when a field
    // does not parse or the query does not validate.
    bool query(analysis::SearchQuery* out, QString* error, store::TimeNs traceStart, store::TimeRange visible) const;
    bool isEmpty() const; // no field restricts anything: there is nothing to search for
    bool visibleOnly() const;
    // Empties every field (a query belongs to one profile); the Aa / .* / visible-window
    // toggles are the user's habits and stay. Emits edited() once.
    void clear();

    QLineEdit* nameEdit() const { return m_name; }
    QToolButton* regexButton() const { return m_regex; }
    QToolButton* caseButton() const { return m_case; }
    QLineEdit* categoryEdit() const { return m_category; }
    QLineEdit* trackEdit() const { return m_track; }
    QPlainTextEdit* argsEdit() const { return m_args; }
    QLineEdit* minDurEdit() const { return m_minDur; }
    QLineEdit* maxDurEdit() const { return m_maxDur; }
    QLineEdit* fromEdit() const { return m_from; }
    QLineEdit* toEdit() const { return m_to; }
    QCheckBox* visibleOnlyBox() const { return m_visibleOnly; }

signals:
    void edited();
    void stepRequested(bool backwards);
    void clearRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QLineEdit* lineEdit(const QString& placeholder, const QString& toolTip);

    QLineEdit* m_name;
    QToolButton* m_regex;
    QToolButton* m_case;
    QLineEdit* m_category;
    QLineEdit* m_track;
    QPlainTextEdit* m_args;
    QLineEdit* m_minDur;
    QLineEdit* m_maxDur;
    QLineEdit* m_from;
    QLineEdit* m_to;
    QCheckBox* m_visibleOnly;
};

} // namespace strata::widgets
