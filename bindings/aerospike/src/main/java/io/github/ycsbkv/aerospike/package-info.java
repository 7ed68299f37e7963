/** The aerospike-client-java binding. Not implemented yet: see issue 5. */
package io.github.ycsbkv.aerospike;
