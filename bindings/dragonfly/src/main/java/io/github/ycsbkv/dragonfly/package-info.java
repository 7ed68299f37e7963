/**
 * The Dragonfly binding over Lettuce: {@link io.github.ycsbkv.dragonfly.DragonflyDB} does the work,
 * {@link io.github.ycsbkv.dragonfly.DragonflyBinding} registers it. See {@code docs/bindings/dragonfly.md}.
 */
package io.github.ycsbkv.dragonfly;
