# Compiled from ui/library_dock.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QHBoxLayout, QHeaderView,
    QPushButton, QSizePolicy, QSpacerItem, QTreeView,
    QVBoxLayout, QWidget)

class Ui_LibraryDock(object):
    def setupUi(self, LibraryDock):
        if not LibraryDock.objectName():
            LibraryDock.setObjectName(u"LibraryDock")
        LibraryDock.resize(300, 400)
        self.mainLayout = QVBoxLayout(LibraryDock)
        self.mainLayout.setObjectName(u"mainLayout")
        self.mainLayout.setContentsMargins(2, 2, 2, 2)
        self.templates = QTreeView(LibraryDock)
        self.templates.setObjectName(u"templates")
        self.templates.setAlternatingRowColors(True)
        self.templates.setSelectionMode(QAbstractItemView.ExtendedSelection)
        self.templates.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.templates.setDragEnabled(True)
        self.templates.setDragDropMode(QAbstractItemView.DragOnly)
        self.templates.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.templates.setRootIsDecorated(False)
        self.templates.setUniformRowHeights(True)
        self.templates.setItemsExpandable(False)
        self.templates.setExpandsOnDoubleClick(False)

        self.mainLayout.addWidget(self.templates)

        self.buttonsLayout = QHBoxLayout()
        self.buttonsLayout.setObjectName(u"buttonsLayout")
        self.addButton = QPushButton(LibraryDock)
        self.addButton.setObjectName(u"addButton")

        self.buttonsLayout.addWidget(self.addButton)

        self.newButton = QPushButton(LibraryDock)
        self.newButton.setObjectName(u"newButton")

        self.buttonsLayout.addWidget(self.newButton)

        self.editButton = QPushButton(LibraryDock)
        self.editButton.setObjectName(u"editButton")

        self.buttonsLayout.addWidget(self.editButton)

        self.buttonsSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.buttonsLayout.addItem(self.buttonsSpacer)


        self.mainLayout.addLayout(self.buttonsLayout)


        self.retranslateUi(LibraryDock)

        QMetaObject.connectSlotsByName(LibraryDock)
    # setupUi

    def retranslateUi(self, LibraryDock):
#if QT_CONFIG(accessibility)
        LibraryDock.setAccessibleName(QCoreApplication.translate("LibraryDock", u"Creature library", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(accessibility)
        self.templates.setAccessibleName(QCoreApplication.translate("LibraryDock", u"Creature templates", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.templates.setToolTip(QCoreApplication.translate("LibraryDock", u"Drag a template onto the desk, or select it and press Enter, to add copies", None))
#endif // QT_CONFIG(tooltip)
        self.addButton.setText(QCoreApplication.translate("LibraryDock", u"&Add to desk\u2026", None))
#if QT_CONFIG(tooltip)
        self.addButton.setToolTip(QCoreApplication.translate("LibraryDock", u"Add copies of the selected template to the desk (Enter)", None))
#endif // QT_CONFIG(tooltip)
        self.newButton.setText(QCoreApplication.translate("LibraryDock", u"&New\u2026", None))
#if QT_CONFIG(tooltip)
        self.newButton.setToolTip(QCoreApplication.translate("LibraryDock", u"Write a new creature template", None))
#endif // QT_CONFIG(tooltip)
        self.editButton.setText(QCoreApplication.translate("LibraryDock", u"&Edit\u2026", None))
#if QT_CONFIG(tooltip)
        self.editButton.setToolTip(QCoreApplication.translate("LibraryDock", u"Change the selected template (tiles already on the desk keep what they were given)", None))
#endif // QT_CONFIG(tooltip)
    # retranslateUi

