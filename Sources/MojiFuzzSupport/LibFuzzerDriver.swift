// The part every libFuzzer target of Moji shares: handing the process over to libFuzzer's driver.
//
// SwiftPM links an executable's entry point as `<module>_main`, which hides libFuzzer's own
// `main`; so each target defines that entry point itself (its name is the module's) and calls
// `runLibFuzzer` from it. Built only with -D MOJI_FUZZING, as the driver exists only in a
// binary linked with -sanitize=fuzzer.

#if MOJI_FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt

    /// Runs libFuzzer with the process's arguments, calling `testOneInput` with each input.
    public func runLibFuzzer(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        testOneInput: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt {
        var argc = argc
        var argv = argv
        return runDriver(&argc, &argv, testOneInput)
    }
#endif
