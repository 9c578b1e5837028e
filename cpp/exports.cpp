// The strict-CSP build's entry: nothing to register. Its link exports boundary.h's C functions
// directly (EXPORTED_FUNCTIONS in CMakeLists.txt), so no glue code is compiled at run time.
