#pragma once
#include <QString>

namespace strata::app {

// Where the bundled sample profile is: $STRATA_SAMPLE, then the install tree
// (<bin>/../share/strata/samples/), then the source tree. Empty when none exists.
class SampleProfile {
public:
    static constexpr const char* kFileName = "sample_profile.json";
    static QString path();
};

} // namespace strata::app
