#pragma once
// Which sanitizer the including file is built with, the same under GCC (__SANITIZE_*__) and
// clang (__has_feature): STRATA_ASAN and STRATA_TSAN are 1 or 0. The asan preset builds
// with clang (for libFuzzer), the tsan preset with GCC.
#if defined(__SANITIZE_ADDRESS__)
#define STRATA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define STRATA_ASAN 1
#endif
#endif
#ifndef STRATA_ASAN
#define STRATA_ASAN 0
#endif

#if defined(__SANITIZE_THREAD__)
#define STRATA_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define STRATA_TSAN 1
#endif
#endif
#ifndef STRATA_TSAN
#define STRATA_TSAN 0
#endif
