# strata_add_tests(LABEL layer LIBS lib... [OFFSCREEN])
#
# One QtTest program per tst_<class>.cpp in the calling folder, each linking the smallest
# library under test (LIBS) plus QtTest, registered with ctest under the layer's LABEL
# (`ctest -L store`, `ctest -L widgets`, ...). OFFSCREEN runs them on Qt's offscreen platform,
# so widget tests need no display. strata_test_support's strata::test::sourcePath() lets a test
# find tests/data and the corpus beside the tree.
function(strata_add_tests)
  cmake_parse_arguments(T "OFFSCREEN" "LABEL" "LIBS" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tst_*.cpp)
  set(pch_owner "")
  foreach(src ${sources})
    get_filename_component(t ${src} NAME_WE)
    strata_add_test(${t} ${src} LABEL ${T_LABEL} LIBS ${T_LIBS})
    # Parsing Qt's headers is most of a test program's compile time, and every program of a
    # folder has the same flags: the first one precompiles QtTest (and QtWidgets where the
    # folder links it), the others reuse that header. Each build of the tests (Release, ASan,
    # TSan) compiles ~150 programs.
    if(pch_owner STREQUAL "")
      set(pch_owner ${t})
      set(pch_headers <QtTest/QtTest>)
      if(Qt6::Widgets IN_LIST T_LIBS)
        list(APPEND pch_headers <QtWidgets/QtWidgets>)
      endif()
      target_precompile_headers(${t} PRIVATE ${pch_headers})
    else()
      target_precompile_headers(${t} REUSE_FROM ${pch_owner})
    endif()
    if(T_OFFSCREEN)
      set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
    endif()
  endforeach()
endfunction()

# strata_add_test(NAME SOURCE LABEL layer LIBS lib...): one test program.
function(strata_add_test name src)
  cmake_parse_arguments(T "" "LABEL" "LIBS" ${ARGN})
  # A test's Q_OBJECT classes live in its one .cpp, which ends with #include "<name>.moc", so
  # moc runs on that file alone. AUTOMOC would add a cmake_autogen step per program and an
  # empty mocs_compilation.cpp compiled against the precompiled header: about 3 s of CPU per
  # program in each of CI's three builds (Release, ASan, TSan), a tenth of CI's time.
  set(moc_dir ${CMAKE_CURRENT_BINARY_DIR}/${name}_moc)
  get_filename_component(src ${src} ABSOLUTE)
  add_custom_command(
    OUTPUT ${moc_dir}/${name}.moc
    COMMAND ${CMAKE_COMMAND} -E make_directory ${moc_dir}
    COMMAND Qt6::moc ${src} -o ${moc_dir}/${name}.moc
    DEPENDS ${src} Qt6::moc
    COMMENT "moc ${name}.cpp"
    VERBATIM)
  add_executable(${name} ${src} ${moc_dir}/${name}.moc)
  set_source_files_properties(${moc_dir}/${name}.moc PROPERTIES HEADER_FILE_ONLY ON)
  set_target_properties(${name} PROPERTIES AUTOMOC OFF AUTORCC OFF)
  target_include_directories(${name} PRIVATE ${moc_dir})
  target_link_libraries(${name} PRIVATE ${T_LIBS} Qt6::Test strata_test_support)
  add_test(NAME ${name} COMMAND ${name})
  set_property(TEST ${name} PROPERTY LABELS ${T_LABEL})
  # ctest --parallel starts the costliest tests first. A clean clone has no timings of its
  # own, so the programs that take 10–50 s under ASan or 10–200 s in Release (tst_bigstore,
  # label big, runs there only) say so; otherwise they could start last and run alone while
  # the other core idles.
  if(name MATCHES "^(tst_bigstore|tst_profileloader|tst_operatorwindowindex|tst_clisnapshot|tst_snapshotreader|tst_clibreakdownshares|tst_mainwindow)$")
    set_property(TEST ${name} PROPERTY COST 100)
  endif()
  # Snapshots the tests' strata-cli and strata runs write go to the build tree, never to the
  # user's cache.
  set_property(TEST ${name} APPEND PROPERTY ENVIRONMENT "XDG_CACHE_HOME=${CMAKE_BINARY_DIR}/test-cache")
endfunction()
