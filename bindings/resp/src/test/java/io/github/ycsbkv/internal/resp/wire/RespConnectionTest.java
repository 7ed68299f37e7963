package io.github.ycsbkv.internal.resp.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Properties;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

class RespConnectionTest {

  private static Properties props(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }

  @Test
  void tlsClientCertificateSniAndProtocols_areRead_andSentToTheSocketsParameters() throws Exception {
    RespConnection c = RespConnection.parse(props("redis.tls", "true", "redis.tls.cert", "client.pem",
        "redis.tls.key", "client.key", "redis.tls.sni", "redis.test", "redis.tls.protocols", "TLSv1.2, TLSv1.3"),
        "redis");
    assertEquals("client.pem", c.tls().certFile());
    assertEquals("client.key", c.tls().keyFile());
    assertEquals("redis.test", c.tls().sni());
    assertEquals(List.of("TLSv1.2", "TLSv1.3"), c.tls().protocols());
    SSLParameters p = RespTls.parameters(c);
    assertEquals("HTTPS", p.getEndpointIdentificationAlgorithm());
    assertEquals(List.of(new SNIHostName("redis.test")), p.getServerNames());
    assertEquals(List.of("TLSv1.2", "TLSv1.3"), List.of(p.getProtocols()));

    RespConnection plain = RespConnection.parse(props("redis.tls", "true"), "redis");
    assertNull(plain.tls().certFile());
    assertNull(plain.tls().sni());
    assertNull(plain.tls().protocols());
    assertNull(RespTls.parameters(plain).getServerNames());
  }

  @Test
  void tlsPropertiesThatCannotWork_areOneMessageNamingTheProperty() {
    for (String[] bad : List.of(
        new String[] {"redis.tls.cert", "c.pem", "redis.tls.cert and redis.tls.key go together"},
        new String[] {"redis.tls.key", "k.pem", "redis.tls.cert and redis.tls.key go together"},
        new String[] {"redis.tls.protocols", "TLSv1.2,SSLv3", "redis.tls.protocols takes a comma-separated list of"
            + " TLSv1, TLSv1.1, TLSv1.2, TLSv1.3, got 'SSLv3'"},
        new String[] {"redis.tls.sni", "bad..name", "redis.tls.sni must be a host name, got 'bad..name'"})) {
      DBException e = assertThrows(DBException.class,
          () -> RespConnection.parse(props("redis.tls", "true", bad[0], bad[1]), "redis"), bad[0]);
      assertTrue(e.getMessage().startsWith(bad[2]), e.getMessage());
    }
  }

  @Test
  void protocolResp3_forTheLoadsConnections_observersInResp2() throws Exception {
    RespConnection c = RespConnection.parse(props("redis.protocol", "RESP3"), "redis");
    assertTrue(c.resp3());
    assertEquals(false, c.observer().resp3());
    assertEquals(c.endpoints(), c.observer().endpoints());
    assertEquals(false, RespConnection.parse(props(), "redis").resp3());
    assertEquals("redis.protocol must be resp2 or resp3, got 'resp4'", assertThrows(DBException.class,
        () -> RespConnection.parse(props("redis.protocol", "resp4"), "redis")).getMessage());
  }

  @Test
  void aClientCertificateFileMissing_isNamedWithItsProperty() throws Exception {
    RespConnection c = RespConnection.parse(props("redis.tls", "true", "redis.tls.cert", "/nonexistent/client.pem",
        "redis.tls.key", "/nonexistent/client.key"), "redis");
    assertEquals("redis.tls.cert '/nonexistent/client.pem' not found (or not readable)",
        assertThrows(DBException.class, () -> RespTls.nettyContext(c)).getMessage());
    assertEquals("redis.tls.cert '/nonexistent/client.pem' not found (or not readable)",
        assertThrows(DBException.class, () -> RespTls.socketFactory(c)).getMessage());
  }
}
