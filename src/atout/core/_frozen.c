/* Frozen slotted dataclasses built in C: the twin of atout.core.interned.frozen's Python
 * body, which stays the reference (tests/test_engine_build.py holds the two equal).
 *
 * new(cls, *values) is cls(*values) for a frozen dataclass with __slots__, no __post_init__
 * and every field given in order: the instance is allocated and each slot written at its
 * offset, which is what the generated __init__ does through object.__setattr__, field by
 * field, in interpreted code. The engine builds a dozen events a River round this way.
 *
 * The slots' offsets are read once per class from its member descriptors, in the order of
 * dataclasses.fields(). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#define MAX_FIELDS 16

typedef struct {
    Py_ssize_t count;
    Py_ssize_t offset[MAX_FIELDS];
} Layout;

/* cls -> capsule of its Layout; and dataclasses.fields */
static PyObject *layouts;
static PyObject *dataclass_fields;

static void
free_layout(PyObject *capsule)
{
    PyMem_Free(PyCapsule_GetPointer(capsule, NULL));
}

/* The layout of cls's fields, worked out on first use from dataclasses.fields(cls) and kept;
 * NULL with an exception set if cls is no frozen slotted dataclass this can build. */
static const Layout *
layout_of(PyObject *cls)
{
    PyObject *capsule = PyDict_GetItemWithError(layouts, cls); /* borrowed */
    if (capsule != NULL) {
        return PyCapsule_GetPointer(capsule, NULL);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    if (!PyType_Check(cls)) {
        PyErr_Format(PyExc_TypeError, "%R is not a class", cls);
        return NULL;
    }
    PyObject *fields = PyObject_CallOneArg(dataclass_fields, cls);
    if (fields == NULL) {
        return NULL;
    }
    PyObject *sequence = PySequence_Fast(fields, "dataclasses.fields() gave no sequence");
    Py_DECREF(fields);
    if (sequence == NULL) {
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(sequence);
    Layout *layout = count <= MAX_FIELDS ? PyMem_Malloc(sizeof(Layout)) : NULL;
    if (layout == NULL) {
        Py_DECREF(sequence);
        if (count > MAX_FIELDS) {
            PyErr_Format(PyExc_ValueError, "%R has more than %d fields", cls, MAX_FIELDS);
        } else {
            PyErr_NoMemory();
        }
        return NULL;
    }
    layout->count = count;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *name = PyObject_GetAttrString(PySequence_Fast_GET_ITEM(sequence, i), "name");
        PyObject *descr = name == NULL ? NULL : PyObject_GetAttr(cls, name);
        /* A slot is a member descriptor holding an object (T_OBJECT_EX); anything else (a
         * property, a class without __slots__) is no slot this can write. */
        int is_slot = descr != NULL && Py_IS_TYPE(descr, &PyMemberDescr_Type) &&
                      ((PyMemberDescrObject *)descr)->d_member->type == T_OBJECT_EX;
        if (is_slot) {
            layout->offset[i] = ((PyMemberDescrObject *)descr)->d_member->offset;
        } else if (descr != NULL) {
            PyErr_Format(PyExc_TypeError, "field %R of %R is not a slot", name, cls);
        }
        Py_XDECREF(descr);
        Py_XDECREF(name);
        if (!is_slot) {
            Py_DECREF(sequence);
            PyMem_Free(layout);
            return NULL;
        }
    }
    Py_DECREF(sequence);
    capsule = PyCapsule_New(layout, NULL, free_layout);
    if (capsule == NULL) {
        PyMem_Free(layout);
        return NULL;
    }
    int failed = PyDict_SetItem(layouts, cls, capsule);
    Py_DECREF(capsule); /* the dict holds it, and with it the layout */
    return failed ? NULL : layout;
}

/* new(cls, *values): an instance of cls with its fields' slots set to values, in order. */
static PyObject *
new_instance(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs < 1) {
        PyErr_SetString(PyExc_TypeError, "new(cls, *values) needs a class");
        return NULL;
    }
    const Layout *layout = layout_of(args[0]);
    if (layout == NULL) {
        return NULL;
    }
    PyTypeObject *cls = (PyTypeObject *)args[0];
    if (nargs - 1 != layout->count) {
        PyErr_Format(PyExc_TypeError, "%s has %zd fields, not %zd", cls->tp_name, layout->count,
                     nargs - 1);
        return NULL;
    }
    PyObject *obj = cls->tp_alloc(cls, 0);
    if (obj == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < layout->count; i++) {
        PyObject *value = args[i + 1];
        Py_INCREF(value);
        *(PyObject **)((char *)obj + layout->offset[i]) = value;
    }
    return obj;
}

static PyMethodDef methods[] = {
    {"new", (PyCFunction)(void (*)(void))new_instance, METH_FASTCALL,
     "new(cls, *values): cls(*values), the slots written directly."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "atout.core._frozen",
    "Frozen slotted dataclasses built in C (the twin of atout.core.interned.frozen).", -1,
    methods,
};

PyMODINIT_FUNC
PyInit__frozen(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) {
        return NULL;
    }
    PyObject *dataclasses = PyImport_ImportModule("dataclasses");
    dataclass_fields = dataclasses == NULL ? NULL : PyObject_GetAttrString(dataclasses, "fields");
    Py_XDECREF(dataclasses);
    layouts = PyDict_New();
    if (layouts == NULL || dataclass_fields == NULL) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
