/** The in-process {@code memory} binding: the embedded default for tests, the demo and measuring the harness. */
package io.github.ycsbkv.memory;
