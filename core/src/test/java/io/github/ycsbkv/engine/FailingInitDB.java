package io.github.ycsbkv.engine;

import java.net.ConnectException;
import site.ycsb.DBException;

/** A DB whose {@code init()} fails as a client library does when nothing listens. */
public class FailingInitDB extends FixedLatencyDB {
  @Override
  public void init() throws DBException {
    throw new DBException("cannot connect to 127.0.0.1:6390", new ConnectException("Connection refused"));
  }
}
