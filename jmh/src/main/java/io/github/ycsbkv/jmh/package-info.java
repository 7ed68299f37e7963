/**
 * JMH benchmarks of the hot paths: one idea per class, settings on the class, and how to run it in
 * its Javadoc. Build with {@code ./mvnw -pl jmh -am package}, run with
 * {@code java -jar jmh/target/benchmarks.jar [regex]}. {@code ./mvnw verify} runs each benchmark
 * once, briefly, so that a broken one fails the build; the measurements are in
 * {@code docs/benchmarks.md}.
 */
package io.github.ycsbkv.jmh;
