/** Java workloads for key-value stores (time series, cache, object cache). Not implemented yet: see issue 6. */
package io.github.ycsbkv.workloads;
