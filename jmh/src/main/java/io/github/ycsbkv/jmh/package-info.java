/** JMH benchmarks of the hot paths. Not implemented yet: see issue 8. */
package io.github.ycsbkv.jmh;
