# strata_add_tests(LABEL layer LIBS lib... [OFFSCREEN])
#
# One QtTest program per tst_<class>.cpp in the calling folder, each linking the smallest
# library under test (LIBS) plus QtTest, registered with ctest under the layer's LABEL
# (`ctest -L store`, `ctest -L widgets`, ...). OFFSCREEN runs them on Qt's offscreen platform,
# so widget tests need no display. STRATA_SOURCE_DIR lets a test find tests/data and the
# corpus beside the tree.
function(strata_add_tests)
  cmake_parse_arguments(T "OFFSCREEN" "LABEL" "LIBS" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tst_*.cpp)
  foreach(src ${sources})
    get_filename_component(t ${src} NAME_WE)
    strata_add_test(${t} ${src} LABEL ${T_LABEL} LIBS ${T_LIBS})
    if(T_OFFSCREEN)
      set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
    endif()
  endforeach()
endfunction()

# strata_add_test(NAME SOURCE LABEL layer LIBS lib...): one test program.
function(strata_add_test name src)
  cmake_parse_arguments(T "" "LABEL" "LIBS" ${ARGN})
  add_executable(${name} ${src})
  set_target_properties(${name} PROPERTIES AUTOMOC ON)
  target_link_libraries(${name} PRIVATE ${T_LIBS} Qt6::Test)
  target_compile_definitions(${name} PRIVATE STRATA_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  add_test(NAME ${name} COMMAND ${name})
  set_property(TEST ${name} PROPERTY LABELS ${T_LABEL})
endfunction()
