/** The {@code ycsb} command line (picocli): load, run, bindings, demo. {@link io.github.ycsbkv.cli.Main} is the entry point. */
package io.github.ycsbkv.cli;
