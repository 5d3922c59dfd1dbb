/**
 * SA wire formats (IBA 15.2, docs/reference/mad-formats.md#sa-header-and-rmpp and #sa-records): the SA MAD header
 * ({@link dev.jsm.sa.codec.SaHeader}) and RMPP
 * header ({@link dev.jsm.sa.codec.RmppHeader}), SA status codes and attribute IDs, and every record as an immutable
 * Java record driven by one {@link dev.jsm.mad.codec.Layout} (decode, encode and dump from the same field table)
 * plus a {@link dev.jsm.sa.codec.Components} table that maps ComponentMask bits to fields.
 */
package dev.jsm.sa.codec;
