/* The batched kernels compiled for AVX-512 (F, BW, VL, DQ). */
#define BATCH_TABLE batch_kernels_avx512
#include "batch_impl.h"
