package dev.jsm.partitions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Placement of keys in one port's table, and the facing switch port's table. */
class PKeyTableBuilderTest {

    private static final PKeyOptions KEEP = PKeyOptions.DEFAULTS;
    private static final PKeyOptions NO_KEEP = new PKeyOptions(false, false, PartEnforce.BOTH);
    private static final PKeyOptions BOTH = new PKeyOptions(true, true, PartEnforce.BOTH);

    @Test
    void defaultKeyGoesToIndexZeroAndTheRestFollowInOrder() {
        PKeyTableBuilder.Placement p = PKeyTableBuilder.endPort(new int[] {0x8001, 0x0002, 0x7fff}, 0, null, 64,
                KEEP);
        assertThat(p.complete()).isTrue();
        assertThat(p.table().block(0)).startsWith(0x7fff, 0x8001, 0x0002, 0);
        assertThat(p.table().blockCount()).isEqualTo(2);
        assertThat(p.table().used()).isEqualTo(3);
    }

    @Test
    void keepPKeyIndexesKeepsHeldPositionsAndTheMembershipBitMayChange() {
        PortPKeyTable held = PortPKeyTable.of(64, 0xffff, 0, 0x0005, 0x8003, 0x8009);
        PKeyTableBuilder.Placement p = PKeyTableBuilder.endPort(new int[] {0x8001, 0x8003, 0x8005, 0xffff}, 0, held,
                64, KEEP);
        // 0x0005 stays at 2 as 0x8005, 0x8003 stays at 3; the new 0x8001 follows the highest kept index, over the
        // stale 0x8009
        assertThat(p.table().block(0)).startsWith(0xffff, 0, 0x8005, 0x8003, 0x8001, 0);
        PKeyTableBuilder.Placement packed = PKeyTableBuilder.endPort(new int[] {0x8001, 0x8003, 0x8005, 0xffff}, 0,
                held, 64, NO_KEEP);
        assertThat(packed.table().block(0)).startsWith(0xffff, 0x8001, 0x8003, 0x8005, 0);
    }

    @Test
    void defaultKeyMovesToIndexZeroAndAnOtherKeyThereMovesAway() {
        PortPKeyTable held = PortPKeyTable.of(32, 0x8001, 0x7fff);
        PKeyTableBuilder.Placement p = PKeyTableBuilder.endPort(new int[] {0x8001, 0x7fff}, 0, held, 32, KEEP);
        assertThat(p.table().block(0)).startsWith(0x7fff, 0x8001, 0);
    }

    @Test
    void indx0KeyTakesIndexZero() {
        PKeyTableBuilder.Placement p = PKeyTableBuilder.endPort(new int[] {0x7fff, 0x8040}, 0x8040, null, 32, KEEP);
        assertThat(p.table().block(0)).startsWith(0x8040, 0x7fff, 0);
    }

    @Test
    void withAllowBothPKeysBothKeysGetEntriesAndOnlyFullDefaultTakesIndexZero() {
        PKeyTableBuilder.Placement p = PKeyTableBuilder.endPort(new int[] {0x0030, 0x8030, 0x7fff}, 0, null, 32,
                BOTH);
        assertThat(p.table().block(0)).startsWith(0, 0x0030, 0x8030, 0x7fff, 0);
        PKeyTableBuilder.Placement noBoth = PKeyTableBuilder.endPort(new int[] {0x0030, 0x8030}, 0, null, 32, KEEP);
        assertThat(noBoth.table().block(0)).startsWith(0, 0x8030, 0);
    }

    @Test
    void fullTableFillsHolesThenReportsWhatIsLeftOut() {
        PortPKeyTable held = PortPKeyTable.of(4, 0xffff, 0x0001, 0, 0x0003);
        PKeyTableBuilder.Placement p = PKeyTableBuilder.endPort(new int[] {0xffff, 0x0001, 0x0003, 0x0004, 0x0005},
                0, held, 4, KEEP);
        assertThat(p.table().entries()).startsWith(0xffff, 0x0001, 0x0004, 0x0003);
        assertThat(p.dropped()).containsExactly(0x0005);
        assertThat(PKeyTableBuilder.endPort(new int[] {0xffff}, 0, null, 0, KEEP).dropped()).containsExactly(0xffff);
    }

    @Test
    void switchPortGetsCompactedKeysWithoutLimitedDuplicatesOfFullOnes() {
        PortPKeyTable end = PortPKeyTable.of(64, 0x7fff, 0, 0x0030, 0x8030, 0x8001);
        PKeyTableBuilder.Placement p = PKeyTableBuilder.switchPort(end, 8);
        assertThat(p.table().entries()).startsWith(0x7fff, 0x8030, 0x8001, 0);
        assertThat(p.complete()).isTrue();
        PKeyTableBuilder.Placement small = PKeyTableBuilder.switchPort(end, 2);
        assertThat(small.dropped()).containsExactly(0x8001);
    }

    @Test
    void changedBlocksComparesBlockByBlock() {
        PortPKeyTable wanted = PortPKeyTable.of(128, 0xffff, 0x8001).withBlock(2, 0x8002);
        PortPKeyTable held = PortPKeyTable.of(128, 0xffff, 0x8001);
        assertThat(wanted.changedBlocks(held)).containsExactly(2);
        assertThat(wanted.changedBlocks(null)).containsExactly(0, 1, 2, 3);
        assertThat(wanted.changedBlocks(PortPKeyTable.of(32, 0xffff))).containsExactly(0, 2);
        assertThat(wanted.changedBlocks(wanted)).isEmpty();
        assertThat(PortPKeyTable.blocksFor(33)).isEqualTo(2);
    }
}
