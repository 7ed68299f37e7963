/** The Lettuce binding tuned for Dragonfly. Not implemented yet: see issue 4. */
package io.github.ycsbkv.dragonfly;
