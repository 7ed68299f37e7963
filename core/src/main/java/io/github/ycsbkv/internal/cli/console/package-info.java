/**
 * How a command ends: Ctrl-C stops the running benchmark with its partial results and exit code 130
 * ({@link io.github.ycsbkv.internal.cli.console.Interrupts}), too many failed operations give exit code 3
 * ({@link io.github.ycsbkv.internal.cli.console.FailedOperations}, {@code errors.tolerance}), and the engine's status
 * lines reach the command's own error writer ({@link io.github.ycsbkv.internal.cli.console.WriterOutputStream}).
 * The ground floor of the command line's rooms.
 */
package io.github.ycsbkv.internal.cli.console;
