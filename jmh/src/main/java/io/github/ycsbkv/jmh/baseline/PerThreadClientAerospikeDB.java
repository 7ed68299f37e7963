package io.github.ycsbkv.jmh.baseline;

import com.aerospike.client.AerospikeClient;
import com.aerospike.client.AerospikeException;
import com.aerospike.client.Bin;
import com.aerospike.client.Key;
import com.aerospike.client.Record;
import com.aerospike.client.ResultCode;
import com.aerospike.client.policy.ClientPolicy;
import com.aerospike.client.policy.Policy;
import com.aerospike.client.policy.RecordExistsAction;
import com.aerospike.client.policy.WritePolicy;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A baseline for {@code docs/benchmarks.md}, not a binding to use: upstream YCSB 0.17.0's Aerospike
 * client design, one {@link AerospikeClient} per client thread (each with its own cluster tend thread
 * and connection pools), on the same client version and with the same record mapping and policies
 * as ycsb-kv's {@code aerospike} binding (REPLACE inserts, UPDATE_ONLY merges, no retries), so that
 * only the client design differs. Properties: {@code as.host} ({@code host:port}, default
 * 127.0.0.1:3000), {@code as.namespace} (default {@code test}), {@code table} as the set.
 */
public class PerThreadClientAerospikeDB extends DB {

  private AerospikeClient client;
  private String namespace;
  private String set;
  private final Policy read = new Policy();
  private final WritePolicy insert = new WritePolicy();
  private final WritePolicy update = new WritePolicy();

  @Override
  public void init() throws DBException {
    String host = getProperties().getProperty("as.host", "127.0.0.1:3000");
    namespace = getProperties().getProperty("as.namespace", "test");
    set = getProperties().getProperty("table", "usertable");
    int colon = host.lastIndexOf(':');
    try {
      client = new AerospikeClient(new ClientPolicy(), host.substring(0, colon),
          Integer.parseInt(host.substring(colon + 1)));
    } catch (RuntimeException e) {
      throw new DBException("cannot connect to " + host + ": " + e.getMessage());
    }
    for (Policy p : new Policy[] {read, insert, update}) {
      p.maxRetries = 0;
      p.totalTimeout = 2000;
      p.socketTimeout = 1000;
    }
    insert.recordExistsAction = RecordExistsAction.REPLACE;
    update.recordExistsAction = RecordExistsAction.UPDATE_ONLY;
  }

  @Override
  public void cleanup() {
    if (client != null) {
      client.close();
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      Record r = fields == null ? client.get(read, new Key(namespace, set, key))
          : client.get(read, new Key(namespace, set, key), fields.toArray(new String[0]));
      if (r == null) {
        return Status.NOT_FOUND;
      }
      r.bins.forEach((k, v) -> result.put(k, new ByteArrayByteIterator((byte[]) v)));
      return Status.OK;
    } catch (AerospikeException e) {
      return e.getResultCode() == ResultCode.KEY_NOT_FOUND_ERROR ? Status.NOT_FOUND : Status.ERROR;
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return put(update, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return put(insert, key, values);
  }

  private Status put(WritePolicy p, String key, Map<String, ByteIterator> values) {
    Bin[] bins = new Bin[values.size()];
    int i = 0;
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      bins[i++] = new Bin(e.getKey(), e.getValue().toArray());
    }
    try {
      client.put(p, new Key(namespace, set, key), bins);
      return Status.OK;
    } catch (AerospikeException e) {
      return e.getResultCode() == ResultCode.KEY_NOT_FOUND_ERROR ? Status.NOT_FOUND : Status.ERROR;
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      return client.delete(insert, new Key(namespace, set, key)) ? Status.OK : Status.NOT_FOUND;
    } catch (AerospikeException e) {
      return Status.ERROR;
    }
  }
}
