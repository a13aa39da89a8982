/* atout.bots._dealsolve: the search kernel of the Schnapsen exact solver, in C.
 *
 * This mirrors the class _Search of src/atout/bots/schnapsen_solve.py -- its methods lead,
 * follow, _store, _key, _reached and _failed -- line for line: the same moves in the same
 * order, the same fail-soft alpha-beta and chance draws (_draws), the same transposition table
 * (keyed by the 16 values of _key, holding the lower and upper bound _store computes, never
 * evicting), so that a position gets the same value AND the same node count from both. The
 * Python class is the reference (and what the pure engine, ATOUT_PURE=1, runs); a change to
 * the search there must be made here too, and tests/bots/test_dealsolve.py holds the two
 * equal.
 *
 * The rules tables (SUIT, POINTS, FOLLOWER_WINS, ...) are not written here a second time:
 * schnapsen_solve.py hands atout.schnapsen.tables to init() when it imports this module.
 *
 * Python API (private to schnapsen_solve.py):
 *   init(suit, points, follower_wins, trick_points, beats, suit_masks, jack, king, queen,
 *        marriage) -> None
 *   Table(seat, outcome, last_ten, fail_at_end, chance=False): one DealSolver's
 *        transposition table, bound to what its values depend on (the seat, the 8-entry
 *        outcome table, the variant, whether the draws are chance); len(table) is the number of
 *        positions stored.
 *   Table.search(hand0, hand1, points0, points1, pending0, pending1, tricks0, tricks1, trump,
 *        stock, closer, close_points, close_tricks, bottom, stock_pos, leader, lead)
 *        -> (value, nodes): _Search(...).run() on that position, and the nodes it counted.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

#define NCARDS 52
#define GOAL 66
#define MAX_STOCK 15 /* stock_pos has 4 bits in the key */

/* --- the rules tables, copied from atout.schnapsen.tables by init() -------------------------
 *
 * Plain statics rather than per-module state: they are read-only once set, the same for every
 * interpreter (they are the rules), and the search reads them on every node. */

static int rules_ready = 0;
static int SUIT[NCARDS];
static unsigned char FOLLOWER_WINS[4][NCARDS * NCARDS]; /* bytes: the tables stay in cache */
static unsigned char TRICK_POINTS[NCARDS * NCARDS];
static uint64_t BEATS[NCARDS];
static uint64_t SUIT_MASKS[4];
static int JACK[4], KING[4], QUEEN[4];
static uint64_t MARRIAGE[4];

/* _ordered(mask) in Python sorts a mask's cards by (-POINTS[c], c). Derived from POINTS: the
 * cards grouped by their points, the most points first; walking a group's bits from the lowest
 * gives the card ids in increasing order, so the walk over the groups is exactly that order
 * without sorting or caching per mask. */
static int n_levels = 0;
static uint64_t LEVELS[NCARDS];

/* --- the transposition table ----------------------------------------------------------------
 *
 * Open addressing with linear probing over a power-of-two array, grown (doubled) at half load,
 * so lookups stay short; entries are never removed, as in the Python dict. The 16 values of
 * _key pack into four words: the two hands, the rest (see make_key), the face-down cards left. */

#define USED (UINT64_C(1) << 63)

/* The lowest card of a non-empty mask. */
#if defined(__GNUC__) || defined(__clang__)
#define LOWEST(mask) __builtin_ctzll(mask)
#else
static inline int LOWEST(uint64_t mask) {
    int c = 0;
    while (!(mask & 1)) {
        mask >>= 1;
        c++;
    }
    return c;
}
#endif

typedef struct {
    uint64_t k0, k1, k2, k3; /* k2 has USED set in an occupied slot */
    double lo, hi;
} Entry;

typedef struct {
    PyObject_HEAD
    Entry *slots;
    size_t mask; /* capacity - 1 */
    size_t used;
    /* What the stored values depend on besides the key: one table serves one solver. */
    int seat;
    int last_ten;
    int fail_at_end;
    int chance; /* the draws are chance (DealSolver(chance=True)), not the world's order */
    double outcome[8];
    double low, high; /* the least and greatest entry a deal's end reads (_low, _high) */
} TableObject;

#define INITIAL_CAPACITY 1024

static inline uint64_t mix64(uint64_t x) {
    /* The finaliser of MurmurHash3: the hands differ in a few bits, spread them over all. */
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    x *= UINT64_C(0xc4ceb9fe1a85ec53);
    x ^= x >> 33;
    return x;
}

static inline size_t hash_key(uint64_t k0, uint64_t k1, uint64_t k2, uint64_t k3) {
    return (size_t)mix64(k0 * UINT64_C(0x9e3779b97f4a7c15) ^ mix64(k1 ^ (k2 << 1)) ^ k2 ^
                         k3 * UINT64_C(0xbf58476d1ce4e5b9));
}

/* The entry for the key, or NULL. */
static inline Entry *table_find(const TableObject *t, uint64_t k0, uint64_t k1, uint64_t k2,
                                uint64_t k3) {
    size_t i = hash_key(k0, k1, k2, k3) & t->mask;
    for (;;) {
        Entry *e = &t->slots[i];
        if (!(e->k2 & USED))
            return NULL;
        if (e->k2 == k2 && e->k0 == k0 && e->k1 == k1 && e->k3 == k3)
            return e;
        i = (i + 1) & t->mask;
    }
}

/* Double the array. -1 (no exception set) when memory runs out; the table is unchanged. */
static int table_grow(TableObject *t) {
    size_t capacity = (t->mask + 1) * 2;
    if (capacity > PY_SSIZE_T_MAX / sizeof(Entry))
        return -1;
    Entry *slots = PyMem_Calloc(capacity, sizeof(Entry));
    if (slots == NULL)
        return -1;
    size_t mask = capacity - 1;
    for (size_t j = 0; j <= t->mask; j++) {
        const Entry *e = &t->slots[j];
        if (!(e->k2 & USED))
            continue;
        size_t i = hash_key(e->k0, e->k1, e->k2, e->k3) & mask;
        while (slots[i].k2 & USED)
            i = (i + 1) & mask;
        slots[i] = *e;
    }
    PyMem_Free(t->slots);
    t->slots = slots;
    t->mask = mask;
    return 0;
}

/* table[key] = (lo, hi), inserting or overwriting. -1 (no exception set) when out of memory. */
static int table_put(TableObject *t, uint64_t k0, uint64_t k1, uint64_t k2, uint64_t k3,
                     double lo, double hi) {
    Entry *e = table_find(t, k0, k1, k2, k3);
    if (e == NULL) {
        if ((t->used + 1) * 2 > t->mask + 1 && table_grow(t) < 0)
            return -1;
        size_t i = hash_key(k0, k1, k2, k3) & t->mask;
        while (t->slots[i].k2 & USED)
            i = (i + 1) & t->mask;
        e = &t->slots[i];
        e->k0 = k0;
        e->k1 = k1;
        e->k2 = k2;
        e->k3 = k3;
        t->used++;
    }
    e->lo = lo;
    e->hi = hi;
    return 0;
}

/* --- the search -------------------------------------------------------------------------- */

/* The deal's variables, changed and restored (the Python _Search's lists), and the solver's. */
typedef struct {
    uint64_t hands[2];
    long points[2]; /* credited points: card points and marriages, as _Search.points */
    long pending[2]; /* marriages declared before the seat's first trick */
    long tricks[2];
    int trump;
    int stock[MAX_STOCK];
    int stock_len;
    /* _Search.close: the closer or -1, the opponent's points and tricks at the close */
    int closer;
    long close_points;
    long close_tricks;
    /* _Search.bottom: the turned trump (-1 once drawn) and how many stock cards are drawn */
    int bottom;
    int stock_pos;
    uint64_t left; /* _Search.left: the face-down cards not drawn yet */
    TableObject *table;
    unsigned long long nodes;
    int failed; /* out of memory: unwind without storing, then raise MemoryError */
} Search;

/* The closer failed (or the opponent reached 66 first): the opponent scores 2 or 3. */
static double failed(const Search *s) {
    int opponent = 1 - s->closer;
    long tricks = s->table->fail_at_end ? s->tricks[opponent] : s->close_tricks;
    return s->table->outcome[opponent * 4 + (tricks ? 2 : 3)];
}

/* winner reached 66. */
static double reached(const Search *s, int winner) {
    long theirs, tricks;
    if (s->closer < 0) {
        int loser = 1 - winner;
        theirs = s->points[loser];
        tricks = s->tricks[loser];
    } else if (s->closer == winner) {
        theirs = s->close_points;
        tricks = s->close_tricks;
    } else {
        return failed(s);
    }
    int points = theirs >= 33 ? 1 : (tricks ? 2 : 3);
    return s->table->outcome[winner * 4 + points];
}

/* _key(leader, lead) packed: k0, k1 the hands, k2 the other 13 values in 59 bits:
 *   leader 1 | lead + 1: 6 | points 10 + 10 | pending 8 + 8 | a trick won 1 + 1 |
 *   bottom + 1: 6 | stock_pos 4 | closer + 1: 2 | close points >= 33: 1 | close tricks: 1
 * No value is clipped, so two keys are equal exactly when the Python tuples are. Table.search
 * takes points up to 255 and pending up to 127; within a search a seat's points stay either
 * as they came or below 66 (a seat reaching 66 ends the deal, before any key is made), and its
 * pending marriages grow by at most 100 (one per suit): both fit their fields. */
static inline void make_key(const Search *s, int leader, int lead, uint64_t *k2) {
    int closed = s->closer >= 0;
    *k2 = USED | (uint64_t)leader | (uint64_t)(lead + 1) << 1 | (uint64_t)s->points[0] << 7 |
          (uint64_t)s->points[1] << 17 | (uint64_t)s->pending[0] << 27 |
          (uint64_t)s->pending[1] << 35 | (uint64_t)(s->tricks[0] > 0) << 43 |
          (uint64_t)(s->tricks[1] > 0) << 44 | (uint64_t)(s->bottom + 1) << 45 |
          (uint64_t)s->stock_pos << 51 | (uint64_t)(s->closer + 1) << 55 |
          (uint64_t)(closed && s->close_points >= 33) << 57 |
          (uint64_t)(closed && s->close_tricks > 0) << 58;
}

/* The alpha-beta step after a move's value v, as in both Python loops; 1 on a cut-off. */
static inline int improve(int maximize, double v, double *best, double *alpha, double *beta) {
    if (maximize) {
        if (v > *best) {
            *best = v;
            if (v > *alpha) {
                *alpha = v;
                if (*alpha >= *beta)
                    return 1;
            }
        }
    } else if (v < *best) {
        *best = v;
        if (v < *beta) {
            *beta = v;
            if (*alpha >= *beta)
                return 1;
        }
    }
    return 0;
}

static double follow(Search *s, int leader, int lead, double alpha, double beta);
static double lead(Search *s, int seat, double alpha, double beta);

/* _draws: the chance draws after a trick, two or more face-down cards left; the mean over every
 * ordered pair (the winner's card, the loser's), pruned by Star1 as in the Python search. The
 * arithmetic is written in the Python order, so the values are the same doubles. */
static double draws(Search *s, int winner, double alpha, double beta) {
    int pos = s->stock_pos, loser = 1 - winner;
    uint64_t left = s->left, saved_w = s->hands[winner], saved_l = s->hands[loser];
    int cards[MAX_STOCK], r = 0;
    for (uint64_t m = left; m; m &= m - 1) /* the cards in increasing order, as sorted() */
        cards[r++] = LOWEST(m);
    double n = (double)(r * (r - 1)), low = s->table->low, high = s->table->high;
    double total = 0.0;
    long i = 0;
    for (int x = 0; x < r; x++) {
        for (int y = 0; y < r; y++) {
            if (x == y)
                continue;
            int a = cards[x], b = cards[y];
            i++;
            double child_alpha = n * alpha - total - (n - (double)i) * high;
            double child_beta = n * beta - total - (n - (double)i) * low;
            s->hands[winner] = saved_w | (UINT64_C(1) << a);
            s->hands[loser] = saved_l | (UINT64_C(1) << b);
            s->left = left ^ (UINT64_C(1) << a) ^ (UINT64_C(1) << b);
            /* stock[pos:] = [a, b] + the rest, in increasing order */
            int k = pos;
            s->stock[k++] = a;
            s->stock[k++] = b;
            for (int z = 0; z < r; z++)
                if (z != x && z != y)
                    s->stock[k++] = cards[z];
            s->stock_pos = pos + 2;
            double v = lead(s, winner, child_alpha, child_beta);
            s->hands[winner] = saved_w;
            s->hands[loser] = saved_l;
            s->left = left;
            s->stock_pos = pos;
            if (s->failed)
                return 0.0;
            if (v <= child_alpha)
                return (total + v + (n - (double)i) * high) / n;
            if (v >= child_beta)
                return (total + v + (n - (double)i) * low) / n;
            total += v;
        }
    }
    return total / n;
}

/* _store: fail-soft alpha-beta within the window (a0, b0): a value at or below a0 is an upper
 * bound of the true value, at or above b0 a lower bound, strictly inside it exact. The
 * comparisons are written as Python's min() and max() make them (the first argument unless the
 * second is strictly smaller or larger), so even signed zeros come out the same. */
static int store(Search *s, uint64_t k0, uint64_t k1, uint64_t k2, uint64_t k3, double lo,
                 double hi, double best, double a0, double b0) {
    if (best <= a0) {
        if (best < hi)
            hi = best;
    } else if (best >= b0) {
        if (best > lo)
            lo = best;
    } else {
        lo = hi = best;
    }
    return table_put(s->table, k0, k1, k2, k3, lo, hi);
}

/* seat is on lead: exchange, close, marriages or a card. */
static double lead(Search *s, int seat, double alpha, double beta) {
    uint64_t k0 = s->hands[0], k1 = s->hands[1], k2, k3 = s->left;
    make_key(s, seat, -1, &k2);
    double lo, hi;
    const Entry *entry = table_find(s->table, k0, k1, k2, k3);
    if (entry != NULL) {
        lo = entry->lo;
        hi = entry->hi;
        if (lo >= beta || lo == hi)
            return lo;
        if (hi <= alpha)
            return hi;
        if (lo > alpha)
            alpha = lo;
        if (hi < beta)
            beta = hi;
    } else {
        lo = -INFINITY;
        hi = INFINITY;
    }
    double a0 = alpha, b0 = beta;
    s->nodes++;
    int maximize = seat == s->table->seat;
    double best = maximize ? -INFINITY : INFINITY;
    double v;
    uint64_t hand = s->hands[seat];
    int is_open = s->closer < 0 && s->bottom >= 0;
    int trump = s->trump;

    /* The order that measured the fewest nodes: the exchange, closing (its strict endgame is
     * small and often decides), marriages, then the cards with the most points first. */
    if (is_open && (hand >> JACK[trump] & 1)) {
        int jack = JACK[trump], taken = s->bottom;
        s->hands[seat] = hand ^ (UINT64_C(1) << jack) ^ (UINT64_C(1) << taken);
        s->bottom = jack;
        v = lead(s, seat, alpha, beta);
        s->bottom = taken;
        s->hands[seat] = hand;
        if (s->failed)
            return 0.0;
        if (improve(maximize, v, &best, &alpha, &beta))
            goto done;
    }
    if (is_open) {
        int other = 1 - seat;
        s->closer = seat;
        s->close_points = s->points[other];
        s->close_tricks = s->tricks[other];
        v = lead(s, seat, alpha, beta);
        s->closer = -1;
        s->close_points = 0;
        s->close_tricks = 0;
        if (s->failed)
            return 0.0;
        if (improve(maximize, v, &best, &alpha, &beta))
            goto done;
    }
    for (int suit = 0; suit < 4; suit++) {
        uint64_t pair = MARRIAGE[suit];
        if ((hand & pair) != pair)
            continue;
        for (int which = 0; which < 2; which++) {
            int card = which == 0 ? KING[suit] : QUEEN[suit];
            long worth = SUIT[card] == trump ? 40 : 20;
            s->hands[seat] = hand ^ (UINT64_C(1) << card);
            if (s->tricks[seat]) {
                s->points[seat] += worth;
                if (s->points[seat] >= GOAL)
                    v = reached(s, seat);
                else
                    v = follow(s, seat, card, alpha, beta);
                s->points[seat] -= worth;
            } else {
                s->pending[seat] += worth;
                v = follow(s, seat, card, alpha, beta);
                s->pending[seat] -= worth;
            }
            s->hands[seat] = hand;
            if (s->failed)
                return 0.0;
            if (improve(maximize, v, &best, &alpha, &beta))
                goto done;
        }
    }
    for (int level = 0; level < n_levels; level++) {
        for (uint64_t cards = hand & LEVELS[level]; cards; cards &= cards - 1) {
            int card = LOWEST(cards);
            s->hands[seat] = hand ^ (UINT64_C(1) << card);
            v = follow(s, seat, card, alpha, beta);
            s->hands[seat] = hand;
            if (s->failed)
                return 0.0;
            if (improve(maximize, v, &best, &alpha, &beta))
                goto done;
        }
    }
done:
    if (store(s, k0, k1, k2, k3, lo, hi, best, a0, b0) < 0)
        s->failed = 1;
    return best;
}

/* The other seat answers lead; the trick is settled, then the draw or the end. */
static double follow(Search *s, int leader, int lead_card, double alpha, double beta) {
    int seat = 1 - leader;
    uint64_t hand = s->hands[seat];
    int is_open = s->closer < 0 && s->bottom >= 0;
    uint64_t legal;
    if (is_open) {
        legal = hand;
    } else {
        /* strict: follow suit, heading the lead if possible; else trump; else anything */
        uint64_t same = hand & SUIT_MASKS[SUIT[lead_card]];
        if (same) {
            legal = same & BEATS[lead_card];
            if (!legal)
                legal = same;
        } else {
            legal = hand & SUIT_MASKS[s->trump];
        }
        if (!legal)
            legal = hand;
    }
    int maximize = seat == s->table->seat;
    double best = maximize ? -INFINITY : INFINITY;
    const unsigned char *wins = FOLLOWER_WINS[s->trump];
    for (int level = 0; level < n_levels; level++) {
        for (uint64_t cards = legal & LEVELS[level]; cards; cards &= cards - 1) {
            int c = LOWEST(cards);
            int i = lead_card * NCARDS + c;
            int winner = wins[i] ? seat : leader;
            double v;
            s->hands[seat] = hand ^ (UINT64_C(1) << c);
            long saved_points = s->points[winner], saved_pending = s->pending[winner],
                 saved_tricks = s->tricks[winner];
            s->points[winner] += TRICK_POINTS[i];
            s->tricks[winner] += 1;
            if (saved_tricks == 0 && saved_pending) {
                s->points[winner] += saved_pending;
                s->pending[winner] = 0;
            }
            int last = !(s->hands[0] | s->hands[1]);
            if (last && s->table->last_ten && s->closer < 0)
                s->points[winner] += 10;
            if (s->points[winner] >= GOAL) {
                v = reached(s, winner);
            } else if (last && s->closer >= 0) {
                v = failed(s);
            } else if (last) {
                v = s->table->outcome[winner * 4 + 1];
            } else if (is_open && s->table->chance && s->stock_len - s->stock_pos > 1) {
                v = draws(s, winner, alpha, beta);
            } else if (is_open) {
                /* the draw: the winner first; the turned trump is the last card drawn */
                int pos = s->stock_pos, saved_bottom = s->bottom, loser = 1 - winner;
                uint64_t saved_w = s->hands[winner], saved_l = s->hands[loser],
                         saved_left = s->left;
                s->hands[winner] = saved_w | (UINT64_C(1) << s->stock[pos]);
                s->left ^= UINT64_C(1) << s->stock[pos];
                if (pos + 1 < s->stock_len) {
                    s->hands[loser] = saved_l | (UINT64_C(1) << s->stock[pos + 1]);
                    s->left ^= UINT64_C(1) << s->stock[pos + 1];
                    s->stock_pos = pos + 2;
                } else {
                    s->hands[loser] = saved_l | (UINT64_C(1) << saved_bottom);
                    s->bottom = -1;
                    s->stock_pos = pos + 1;
                }
                v = lead(s, winner, alpha, beta);
                s->hands[winner] = saved_w;
                s->hands[loser] = saved_l;
                s->bottom = saved_bottom;
                s->stock_pos = pos;
                s->left = saved_left;
            } else {
                v = lead(s, winner, alpha, beta);
            }
            s->points[winner] = saved_points;
            s->pending[winner] = saved_pending;
            s->tricks[winner] = saved_tricks;
            s->hands[seat] = hand;
            if (s->failed)
                return 0.0;
            if (improve(maximize, v, &best, &alpha, &beta))
                return best;
        }
    }
    return best;
}

/* obj as a fast sequence of exactly n entries (a new reference), or NULL with the error set. */
static PyObject *sequence_of(PyObject *obj, Py_ssize_t n, const char *name) {
    PyObject *seq = PySequence_Fast(obj, name);
    if (seq != NULL && PySequence_Fast_GET_SIZE(seq) != n) {
        PyErr_Format(PyExc_ValueError, "%s has %zd entries, not %zd", name,
                     PySequence_Fast_GET_SIZE(seq), n);
        Py_CLEAR(seq);
    }
    return seq;
}

/* --- the Python type Table ----------------------------------------------------------------- */

static PyObject *Table_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"seat", "outcome", "last_ten", "fail_at_end", "chance", NULL};
    int seat, last_ten, fail_at_end, chance = 0;
    PyObject *outcome;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iOpp|p:Table", kwlist, &seat, &outcome,
                                     &last_ten, &fail_at_end, &chance))
        return NULL;
    if (seat != 0 && seat != 1) {
        PyErr_SetString(PyExc_ValueError, "seat is 0 or 1");
        return NULL;
    }
    double values[8];
    PyObject *seq = sequence_of(outcome, 8, "outcome (winner * 4 + game points)");
    if (seq == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < 8; i++) {
        values[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i));
        if (values[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
    }
    Py_DECREF(seq);
    TableObject *self = (TableObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->slots = PyMem_Calloc(INITIAL_CAPACITY, sizeof(Entry));
    if (self->slots == NULL) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    self->mask = INITIAL_CAPACITY - 1;
    self->used = 0;
    self->seat = seat;
    self->last_ten = last_ten;
    self->fail_at_end = fail_at_end;
    self->chance = chance;
    memcpy(self->outcome, values, sizeof values);
    /* min() and max() over the entries 1, 2, 3, 5, 6, 7, as DealSolver takes them */
    static const int ends[6] = {1, 2, 3, 5, 6, 7};
    self->low = self->high = values[ends[0]];
    for (int i = 1; i < 6; i++) {
        if (values[ends[i]] < self->low)
            self->low = values[ends[i]];
        if (values[ends[i]] > self->high)
            self->high = values[ends[i]];
    }
    return (PyObject *)self;
}

static void Table_dealloc(TableObject *self) {
    PyMem_Free(self->slots); /* NULL when tp_new failed before allocating: a no-op */
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t Table_len(TableObject *self) { return (Py_ssize_t)self->used; }

/* An int argument within [lo, hi] into *out: 0, or -1 with the exception set. Every input is
 * checked, because a value outside its key field would alias another position's key. */
static int int_arg(PyObject *arg, long lo, long hi, const char *name, long *out) {
    long v = PyLong_AsLong(arg);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s is out of range: %ld (%ld to %ld)", name, v, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

static int mask_arg(PyObject *arg, const char *name, uint64_t *out) {
    if (!PyLong_Check(arg)) {
        PyErr_Format(PyExc_TypeError, "%s is an int (a card mask)", name);
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(arg);
    if (v == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    if (v >> NCARDS) {
        PyErr_Format(PyExc_ValueError, "%s holds a card outside 0-51", name);
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

static PyObject *Table_search(TableObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!rules_ready) {
        PyErr_SetString(PyExc_RuntimeError, "atout.bots._dealsolve.init() has not been called");
        return NULL;
    }
    if (nargs != 17) {
        PyErr_Format(PyExc_TypeError, "search() takes 17 arguments (%zd given)", nargs);
        return NULL;
    }
    Search s;
    memset(&s, 0, sizeof s);
    long v, leader, lead_card;
    /* Points up to 255 and pending up to 127 keep every key field within its width (see
     * make_key); a real deal has at most 120 card points and 100 in marriages. */
    if (mask_arg(args[0], "hand0", &s.hands[0]) < 0 ||
        mask_arg(args[1], "hand1", &s.hands[1]) < 0 ||
        int_arg(args[2], 0, 255, "points0", &s.points[0]) < 0 ||
        int_arg(args[3], 0, 255, "points1", &s.points[1]) < 0 ||
        int_arg(args[4], 0, 127, "pending0", &s.pending[0]) < 0 ||
        int_arg(args[5], 0, 127, "pending1", &s.pending[1]) < 0 ||
        int_arg(args[6], 0, NCARDS, "tricks0", &s.tricks[0]) < 0 ||
        int_arg(args[7], 0, NCARDS, "tricks1", &s.tricks[1]) < 0 ||
        int_arg(args[8], 0, 3, "trump", &v) < 0)
        return NULL;
    s.trump = (int)v;
    PyObject *stock = PySequence_Fast(args[9], "stock is a sequence of cards");
    if (stock == NULL)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(stock);
    if (n > MAX_STOCK) {
        Py_DECREF(stock);
        PyErr_Format(PyExc_ValueError, "the stock has more than %d cards", MAX_STOCK);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (int_arg(PySequence_Fast_GET_ITEM(stock, i), 0, NCARDS - 1, "a stock card", &v) < 0) {
            Py_DECREF(stock);
            return NULL;
        }
        s.stock[i] = (int)v;
    }
    Py_DECREF(stock);
    s.stock_len = (int)n;
    if (int_arg(args[10], -1, 1, "closer", &v) < 0)
        return NULL;
    s.closer = (int)v;
    s.close_points = PyLong_AsLong(args[11]);
    if (s.close_points == -1 && PyErr_Occurred())
        return NULL;
    s.close_tricks = PyLong_AsLong(args[12]);
    if (s.close_tricks == -1 && PyErr_Occurred())
        return NULL;
    if (int_arg(args[13], -1, NCARDS - 1, "bottom", &v) < 0)
        return NULL;
    s.bottom = (int)v;
    if (int_arg(args[14], 0, s.stock_len, "stock_pos", &v) < 0)
        return NULL;
    s.stock_pos = (int)v;
    for (int i = s.stock_pos; i < s.stock_len; i++)
        s.left |= UINT64_C(1) << s.stock[i];
    if (int_arg(args[15], 0, 1, "leader", &leader) < 0 ||
        int_arg(args[16], -1, NCARDS - 1, "lead", &lead_card) < 0)
        return NULL;
    /* The draws read stock[stock_pos] and stock[stock_pos + 1] while the turned trump lies:
     * an odd number of cards must be left then (the Python search would raise IndexError). */
    if (s.bottom >= 0 && (s.stock_len - s.stock_pos) % 2 == 0) {
        PyErr_SetString(PyExc_ValueError,
                        "with the turned trump down, the stock has an odd number of cards left");
        return NULL;
    }
    s.table = self;

    double value;
    if (lead_card >= 0)
        value = follow(&s, (int)leader, (int)lead_card, -INFINITY, INFINITY);
    else
        value = lead(&s, (int)leader, -INFINITY, INFINITY);
    if (s.failed)
        return PyErr_NoMemory();
    return Py_BuildValue("(dK)", value, s.nodes);
}

static PyMethodDef Table_methods[] = {
    {"search", (PyCFunction)(void (*)(void))Table_search, METH_FASTCALL,
     "search(hand0, hand1, points0, points1, pending0, pending1, tricks0, tricks1, trump, "
     "stock, closer, close_points, close_tricks, bottom, stock_pos, leader, lead)\n--\n\n"
     "The value of the position under best play, and the nodes searched: _Search.run()."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Table_as_sequence = {
    .sq_length = (lenfunc)Table_len,
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "atout.bots._dealsolve.Table",
    .tp_doc = "Table(seat, outcome, last_ten, fail_at_end, chance=False)\n--\n\n"
              "One DealSolver's transposition table, bound to the seat, outcome table and "
              "variant its values hold for.",
    .tp_basicsize = sizeof(TableObject),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = Table_new,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
    .tp_as_sequence = &Table_as_sequence,
};

/* --- init(): the rules tables from atout.schnapsen.tables ----------------------------------- */

/* Copy an int sequence of length n, each within [lo, hi], into out. */
static int copy_ints(PyObject *obj, Py_ssize_t n, long lo, long hi, const char *name, int *out) {
    PyObject *seq = sequence_of(obj, n, name);
    if (seq == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        long v;
        if (int_arg(PySequence_Fast_GET_ITEM(seq, i), lo, hi, name, &v) < 0) {
            Py_DECREF(seq);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(seq);
    return 0;
}

/* Copy a sequence of n card masks into out. */
static int copy_masks(PyObject *obj, Py_ssize_t n, const char *name, uint64_t *out) {
    PyObject *seq = sequence_of(obj, n, name);
    if (seq == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (mask_arg(PySequence_Fast_GET_ITEM(seq, i), name, &out[i]) < 0) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

static PyObject *dealsolve_init(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 10) {
        PyErr_Format(PyExc_TypeError, "init() takes 10 arguments (%zd given)", nargs);
        return NULL;
    }
    /* Read into staging arrays first, so that a failed init leaves the tables as they were
     * (static: FOLLOWER_WINS alone is 43 kB of ints, too much for the stack). */
    static int suit[NCARDS], points[NCARDS], wins[4][NCARDS * NCARDS],
        trick_points[NCARDS * NCARDS], jack[4], king[4], queen[4];
    static uint64_t beats[NCARDS], suit_masks[4], marriage[4];
    if (copy_ints(args[0], NCARDS, 0, 3, "SUIT", suit) < 0 ||
        copy_ints(args[1], NCARDS, 0, 255, "POINTS", points) < 0)
        return NULL;
    PyObject *per_trump = sequence_of(args[2], 4, "FOLLOWER_WINS (a table per trump suit)");
    if (per_trump == NULL)
        return NULL;
    for (int trump = 0; trump < 4; trump++) {
        if (copy_ints(PySequence_Fast_GET_ITEM(per_trump, trump), NCARDS * NCARDS, 0, 1,
                      "FOLLOWER_WINS[trump]", wins[trump]) < 0) {
            Py_DECREF(per_trump);
            return NULL;
        }
    }
    Py_DECREF(per_trump);
    if (copy_ints(args[3], NCARDS * NCARDS, 0, 255, "TRICK_POINTS", trick_points) < 0 ||
        copy_masks(args[4], NCARDS, "BEATS", beats) < 0 ||
        copy_masks(args[5], 4, "SUIT_MASKS", suit_masks) < 0 ||
        copy_ints(args[6], 4, 0, NCARDS - 1, "JACK", jack) < 0 ||
        copy_ints(args[7], 4, 0, NCARDS - 1, "KING", king) < 0 ||
        copy_ints(args[8], 4, 0, NCARDS - 1, "QUEEN", queen) < 0 ||
        copy_masks(args[9], 4, "MARRIAGE", marriage) < 0)
        return NULL;

    memcpy(SUIT, suit, sizeof SUIT);
    for (int i = 0; i < NCARDS * NCARDS; i++) {
        for (int trump = 0; trump < 4; trump++)
            FOLLOWER_WINS[trump][i] = (unsigned char)wins[trump][i];
        TRICK_POINTS[i] = (unsigned char)trick_points[i];
    }
    memcpy(BEATS, beats, sizeof BEATS);
    memcpy(SUIT_MASKS, suit_masks, sizeof SUIT_MASKS);
    memcpy(JACK, jack, sizeof JACK);
    memcpy(KING, king, sizeof KING);
    memcpy(QUEEN, queen, sizeof QUEEN);
    memcpy(MARRIAGE, marriage, sizeof MARRIAGE);
    /* LEVELS: one mask per distinct points value, the most points first. */
    n_levels = 0;
    uint64_t left = (UINT64_C(1) << NCARDS) - 1;
    while (left) {
        int top = -1;
        for (int c = 0; c < NCARDS; c++)
            if ((left >> c & 1) && points[c] > top)
                top = points[c];
        uint64_t level = 0;
        for (int c = 0; c < NCARDS; c++)
            if ((left >> c & 1) && points[c] == top)
                level |= UINT64_C(1) << c;
        LEVELS[n_levels++] = level;
        left &= ~level;
    }
    rules_ready = 1;
    Py_RETURN_NONE;
}

static PyMethodDef dealsolve_methods[] = {
    {"init", (PyCFunction)(void (*)(void))dealsolve_init, METH_FASTCALL,
     "init(suit, points, follower_wins, trick_points, beats, suit_masks, jack, king, queen, "
     "marriage)\n--\n\nThe rules tables of atout.schnapsen.tables, read before any search."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef dealsolve_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "atout.bots._dealsolve",
    .m_doc = "The search kernel of atout.bots.schnapsen_solve.DealSolver, in C.",
    .m_size = -1,
    .m_methods = dealsolve_methods,
};

PyMODINIT_FUNC PyInit__dealsolve(void) {
    if (PyType_Ready(&TableType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&dealsolve_module);
    if (module == NULL)
        return NULL;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(module, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
