# Compiled from ui/start_encounter_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QApplication, QDialog,
    QDialogButtonBox, QHBoxLayout, QHeaderView, QLabel,
    QLineEdit, QPushButton, QSizePolicy, QSpacerItem,
    QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from harmdesk.qt.elided_label import ElidedLabel

class Ui_StartEncounterDialog(object):
    def setupUi(self, StartEncounterDialog):
        if not StartEncounterDialog.objectName():
            StartEncounterDialog.setObjectName(u"StartEncounterDialog")
        StartEncounterDialog.resize(440, 460)
        self.mainLayout = QVBoxLayout(StartEncounterDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.introLabel = QLabel(StartEncounterDialog)
        self.introLabel.setObjectName(u"introLabel")
        self.introLabel.setWordWrap(True)
        self.introLabel.setTextFormat(Qt.TextFormat.PlainText)

        self.mainLayout.addWidget(self.introLabel)

        self.people = QTreeWidget(StartEncounterDialog)
        self.people.setObjectName(u"people")
        self.people.setRootIsDecorated(False)
        self.people.setItemsExpandable(False)
        self.people.setAlternatingRowColors(True)
        self.people.setDragEnabled(True)
        self.people.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.people.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.people.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked|QAbstractItemView.EditTrigger.EditKeyPressed|QAbstractItemView.EditTrigger.AnyKeyPressed|QAbstractItemView.EditTrigger.SelectedClicked)

        self.mainLayout.addWidget(self.people)

        self.rollLayout = QHBoxLayout()
        self.rollLayout.setObjectName(u"rollLayout")
        self.diceLabel = QLabel(StartEncounterDialog)
        self.diceLabel.setObjectName(u"diceLabel")

        self.rollLayout.addWidget(self.diceLabel)

        self.dice = QLineEdit(StartEncounterDialog)
        self.dice.setObjectName(u"dice")
        self.dice.setMaximumSize(QSize(110, 16777215))

        self.rollLayout.addWidget(self.dice)

        self.rollButton = QPushButton(StartEncounterDialog)
        self.rollButton.setObjectName(u"rollButton")
        self.rollButton.setAutoDefault(False)

        self.rollLayout.addWidget(self.rollButton)

        self.rollSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.rollLayout.addItem(self.rollSpacer)


        self.mainLayout.addLayout(self.rollLayout)

        self.message = ElidedLabel(StartEncounterDialog)
        self.message.setObjectName(u"message")
        self.message.setTextFormat(Qt.TextFormat.PlainText)

        self.mainLayout.addWidget(self.message)

        self.buttons = QDialogButtonBox(StartEncounterDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.mainLayout.addWidget(self.buttons)

        self.mainLayout.setStretch(1, 1)
#if QT_CONFIG(shortcut)
        self.diceLabel.setBuddy(self.dice)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(StartEncounterDialog)

        QMetaObject.connectSlotsByName(StartEncounterDialog)
    # setupUi

    def retranslateUi(self, StartEncounterDialog):
        StartEncounterDialog.setWindowTitle(QCoreApplication.translate("StartEncounterDialog", u"Start encounter", None))
        ___qtreewidgetitem = self.people.headerItem()
        ___qtreewidgetitem.setText(1, QCoreApplication.translate("StartEncounterDialog", u"Initiative", None))
        ___qtreewidgetitem.setText(0, QCoreApplication.translate("StartEncounterDialog", u"Takes part", None))
#if QT_CONFIG(accessibility)
        self.people.setAccessibleName(QCoreApplication.translate("StartEncounterDialog", u"Who takes part, in order", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.people.setToolTip(QCoreApplication.translate("StartEncounterDialog", u"Tick who takes part; drag to change the order", None))
#endif // QT_CONFIG(tooltip)
        self.diceLabel.setText(QCoreApplication.translate("StartEncounterDialog", u"Initiative &dice:", None))
#if QT_CONFIG(accessibility)
        self.dice.setAccessibleName(QCoreApplication.translate("StartEncounterDialog", u"Initiative dice", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.dice.setToolTip(QCoreApplication.translate("StartEncounterDialog", u"What HarmDesk rolls for each initiative, such as d20 or d20+2", None))
#endif // QT_CONFIG(tooltip)
        self.rollButton.setText(QCoreApplication.translate("StartEncounterDialog", u"&Roll initiative", None))
#if QT_CONFIG(tooltip)
        self.rollButton.setToolTip(QCoreApplication.translate("StartEncounterDialog", u"Roll for everyone taking part whose initiative is still empty; type over any rolled at the table", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.message.setAccessibleName(QCoreApplication.translate("StartEncounterDialog", u"What is wrong", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

