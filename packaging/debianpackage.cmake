# Included at the end of the top-level CMakeLists.txt, so CPack packs every install rule.
# The Debian package. Dependencies come from dpkg-shlibdeps, never a hand-kept list; the
# MIME, desktop and icon caches are refreshed by the file triggers of shared-mime-info,
# desktop-file-utils and the icon theme, so the package needs no maintainer scripts.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME strata)
set(CPACK_PACKAGE_VENDOR "Strata")
set(CPACK_PACKAGE_CONTACT "Strata developers <strata@strata-profiler.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "profile viewer for AI accelerators (NPUs, TPUs, GPUs)")
set(CPACK_PACKAGE_DESCRIPTION
  "Strata opens multi-GB profiles of AI accelerators in seconds: a device timeline per
engine, event details, markers and intervals, the operator table and charts, latency,
busy-time summaries, search, flows and source lines. It reads Chrome Trace Event JSON
(PyTorch/Kineto and others; plain, gzip or zstd), Perfetto protobuf traces, AWS Neuron
profiles and Sophgo TPU profile folders. strata-cli prints the same numbers without a
display.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${STRATA_HOMEPAGE})
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The one dependency dpkg-shlibdeps cannot see: Qt loads its X11/Wayland platform plugins
# at run time, and libqt6gui6 only recommends them.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "shared-mime-info, desktop-file-utils, xdg-utils")
set(CPACK_STRIP_FILES ON)
set(CPACK_OUTPUT_FILE_PREFIX ${PROJECT_BINARY_DIR}/packages)
include(CPack)
