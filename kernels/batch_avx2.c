/* The batched kernels compiled for AVX2 (see kernels/CMakeLists.txt). */
#define BATCH_TABLE batch_kernels_avx2
#include "batch_impl.h"
