/* The pack order of a deal, in C: the twin of atout.core.state.permuted, which stays the
 * reference (tests/test_engine_build.py holds the two equal on every pack size and many seeds).
 *
 * permute(pack, k) takes the pack as a tuple and the number k < len(pack)! as little-endian
 * bytes, and returns the pack shuffled by Fisher-Yates driven by the digits of k in the mixed
 * radix n, n-1, ..., 2: the digit j of radix r swaps positions r - 1 and j. The digits come a
 * group of radices at a time (the group's product below 2^32), so that the long number is
 * divided once per group and each digit is a division of machine words.
 *
 * The compiled engine deals every round through it: in mypyc the same loop boxes every card
 * it swaps, and dealing was a tenth of a River round's time. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MAX_CARDS 64
#define MAX_LIMBS 16 /* 32-bit limbs: k < 64! < 2^296 needs 10 */

static PyObject *
permute(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyTuple_CheckExact(args[0]) || !PyBytes_CheckExact(args[1])) {
        PyErr_SetString(PyExc_TypeError, "permute(pack: tuple, k: bytes) takes two arguments");
        return NULL;
    }
    PyObject *pack = args[0];
    Py_ssize_t n = PyTuple_GET_SIZE(pack);
    Py_ssize_t size = PyBytes_GET_SIZE(args[1]);
    if (n > MAX_CARDS || size > MAX_LIMBS * 4) {
        PyErr_SetString(PyExc_ValueError, "permute: at most 64 cards and a 64-byte number");
        return NULL;
    }
    const unsigned char *bytes = (const unsigned char *)PyBytes_AS_STRING(args[1]);
    uint32_t limb[MAX_LIMBS] = {0};
    for (Py_ssize_t i = 0; i < size; i++) {
        limb[i / 4] |= (uint32_t)bytes[i] << (8 * (i % 4));
    }
    Py_ssize_t top = (size + 3) / 4; /* limbs that may be nonzero */

    PyObject *cards[MAX_CARDS];
    for (Py_ssize_t i = 0; i < n; i++) {
        cards[i] = PyTuple_GET_ITEM(pack, i);
    }
    Py_ssize_t r = n;
    while (r > 1) {
        /* The next radices r, r-1, ... while their product stays below 2^32. */
        Py_ssize_t first = r;
        uint64_t product = 1;
        while (r > 1 && product * (uint64_t)r < ((uint64_t)1 << 32)) {
            product *= (uint64_t)r;
            r--;
        }
        /* k, m = divmod(k, product) */
        uint64_t m = 0;
        for (Py_ssize_t i = top - 1; i >= 0; i--) {
            uint64_t current = (m << 32) | limb[i];
            limb[i] = (uint32_t)(current / product);
            m = current % product;
        }
        while (top > 0 && limb[top - 1] == 0) {
            top--;
        }
        for (Py_ssize_t radix = first; radix > r; radix--) {
            Py_ssize_t j = (Py_ssize_t)(m % (uint64_t)radix);
            m /= (uint64_t)radix;
            PyObject *swap = cards[radix - 1];
            cards[radix - 1] = cards[j];
            cards[j] = swap;
        }
    }
    PyObject *out = PyTuple_New(n);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_INCREF(cards[i]);
        PyTuple_SET_ITEM(out, i, cards[i]);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"permute", (PyCFunction)(void (*)(void))permute, METH_FASTCALL,
     "permute(pack, k): the pack shuffled by the mixed-radix digits of k (little-endian bytes)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "atout.core._shuffle",
    "The pack order of a deal in C (the twin of atout.core.state.permuted).", -1, methods,
};

PyMODINIT_FUNC
PyInit__shuffle(void)
{
    return PyModule_Create(&module);
}
