# cmake/install.cmake — `cmake --install build --prefix DIR` puts the
# library others link into DIR (docs/library.md):
#
#   lib/libfourcard.a, lib/libfourcard.so (with its SONAME links)
#   include/fourcard/*.h       every layer's headers, in one flat folder
#   lib/pkgconfig/fourcard.pc  pkg-config --cflags --libs [--static] fourcard
#
# (lib is CMAKE_INSTALL_LIBDIR, include CMAKE_INSTALL_INCLUDEDIR.)  The
# command line and its MPI module (libfourcard_mpi.so) are not installed:
# neither is part of the library.  tests/library checks the result.
include(GNUInstallDirs)

# The headers of every layer in libfourcard: the object libraries that
# fourcard_static is made of (solver/CMakeLists.txt), each from its folder
# (kernels/, solver/NAME/).  Headers include each other by bare name and a
# quoted include is looked up first beside the header that has it, so one
# flat folder works as long as no two layers share a header's name.
get_target_property(_fc_links fourcard_static LINK_LIBRARIES)
set(_fc_headers)
set(_fc_names)
foreach(_fc_lib IN LISTS _fc_links)
  if(NOT TARGET ${_fc_lib})
    continue()
  endif()
  get_target_property(_fc_type ${_fc_lib} TYPE)
  if(NOT _fc_type STREQUAL "OBJECT_LIBRARY")
    continue()
  endif()
  string(REGEX REPLACE "^fourcard_" "" _fc_layer ${_fc_lib})
  get_target_property(_fc_dir ${_fc_lib} SOURCE_DIR)
  get_filename_component(_fc_base ${_fc_dir} NAME)
  if(IS_DIRECTORY ${_fc_dir}/${_fc_layer})
    set(_fc_dir ${_fc_dir}/${_fc_layer})
  elseif(NOT _fc_base STREQUAL _fc_layer)
    message(FATAL_ERROR "install: no folder for the layer ${_fc_lib} (looked in ${_fc_dir})")
  endif()
  # the folder's own headers; those in its internal/ folder (a layer's
  # private ones, such as the template body batch_impl.h) stay out
  file(GLOB _fc_found CONFIGURE_DEPENDS ${_fc_dir}/*.h)
  foreach(_fc_h IN LISTS _fc_found)
    get_filename_component(_fc_name ${_fc_h} NAME)
    if(_fc_name IN_LIST _fc_names)
      message(FATAL_ERROR "install: two layers have a header ${_fc_name}; include/fourcard/ is one folder")
    endif()
    list(APPEND _fc_names ${_fc_name})
    list(APPEND _fc_headers ${_fc_h})
  endforeach()
endforeach()
if(NOT _fc_headers)
  message(FATAL_ERROR "install: found no layer of fourcard_static, so no header to install")
endif()

install(TARGETS fourcard_static fourcard_shared
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}) # libfourcard.so.0.1.0, .so.0 and .so
install(FILES ${_fc_headers} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fourcard)

# fourcard.pc.  Cflags: the headers' folder, and OpenMP's flag.  The
# dependencies are private (libfourcard.so names its own, and a program
# links them itself only with --static): json-c, inih and GSL as
# pkg-config modules (their headers are included by report_json.h,
# simulate.h and paytable_ini.h, so their Cflags count too); hwloc as
# -lhwloc, since hwloc.pc's own Libs.private adds -ludev, which links only
# with libudev-dev installed, and no installed header includes hwloc's.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(_fc_pc_libdir "${CMAKE_INSTALL_LIBDIR}")
else()
  set(_fc_pc_libdir "\${exec_prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(_fc_pc_includedir "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(_fc_pc_includedir "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
string(REPLACE ";" " " _fc_pc_openmp "${OpenMP_C_FLAGS}")
set(_fc_pc_libs_private "-lhwloc ${_fc_pc_openmp} -lm")
foreach(_fc_lib IN LISTS CMAKE_DL_LIBS)
  string(APPEND _fc_pc_libs_private " -l${_fc_lib}")
endforeach()

# The prefix is known only when installing (cmake --install --prefix
# overrides the configured one), so the file is written then, into the
# build folder's CMakeFiles/ (out of sight: its prefix is the last
# install's), and installed from there.
install(CODE "
  set(FOURCARD_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(FOURCARD_PC_LIBDIR [[${_fc_pc_libdir}]])
  set(FOURCARD_PC_INCLUDEDIR [[${_fc_pc_includedir}]])
  set(FOURCARD_PC_VERSION [[${PROJECT_VERSION}]])
  set(FOURCARD_PC_REQUIRES [[json-c inih gsl]])
  set(FOURCARD_PC_OPENMP [[${_fc_pc_openmp}]])
  set(FOURCARD_PC_LIBS_PRIVATE [[${_fc_pc_libs_private}]])
  configure_file([[${CMAKE_CURRENT_LIST_DIR}/fourcard.pc.in]] [[${CMAKE_BINARY_DIR}/CMakeFiles/fourcard.pc]] @ONLY)
")
install(FILES ${CMAKE_BINARY_DIR}/CMakeFiles/fourcard.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
